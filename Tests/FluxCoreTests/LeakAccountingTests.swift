import FluxCore
import TestSupport
import XCTest

/// Every way a subscription ends brings the subscription counts back to where
/// they were and frees what the subscription held.
final class LeakAccountingTests: XCTestCase {
  final class EchoStore: Store, @unchecked Sendable {
    let latest = Variable(0)

    init(source: DispatchSubject<Int>) {
      super.init()
      bind(source, to: latest)
      bind(source.filter { $0 > 0 }, to: latest) { _, value in value }
    }
  }

  func testDisposeReturnsTheCountToZeroAndFreesTheHandler() {
    let subject = DispatchSubject<Int>()
    weak var weakCapture: Tracked?
    var token: (any Disposable)?
    do {
      let capture = Tracked()
      weakCapture = capture
      token = subject.map { $0 + 1 }.subscribe { _ in _ = capture }
    }
    let countWhileLive = subject.subscriptionCount

    token?.dispose()

    XCTAssertEqual(countWhileLive, 1)
    XCTAssertEqual(subject.subscriptionCount, 0)
    XCTAssertNil(weakCapture)
  }

  func testBagDeinitReturnsTheCountToZeroAndFreesTheHandlers() {
    let subject = DispatchSubject<Int>()
    let variable = Variable(0)
    weak var weakCapture: Tracked?
    do {
      let bag = DisposeBag()
      let capture = Tracked()
      weakCapture = capture
      subject.subscribe { _ in _ = capture }.disposed(by: bag)
      variable.changed.subscribe { _ in _ = capture }.disposed(by: bag)
      XCTAssertEqual(subject.subscriptionCount + variable.subscriptionCount, 2)
    }

    XCTAssertEqual(subject.subscriptionCount, 0)
    XCTAssertEqual(variable.subscriptionCount, 0)
    XCTAssertNil(weakCapture)
  }

  func testStoreDeinitReturnsTheSourceCountToZeroAndFreesTheStore() {
    let source = DispatchSubject<Int>()
    weak var weakStore: EchoStore?
    weak var weakVariable: Variable<Int>?
    do {
      let store = EchoStore(source: source)
      source.dispatch(4)
      XCTAssertEqual(store.subscriptionCount, 2)
      XCTAssertEqual(source.subscriptionCount, 2)
      XCTAssertEqual(store.latest.value, 4)
      weakStore = store
      weakVariable = store.latest
    }

    XCTAssertEqual(source.subscriptionCount, 0)
    XCTAssertNil(weakStore)
    XCTAssertNil(weakVariable)
  }

  func testTakeCompletionReturnsTheCountToZeroWithoutDispose() {
    let subject = DispatchSubject<Int>()
    weak var weakCapture: Tracked?
    var token: (any Disposable)?
    do {
      let capture = Tracked()
      weakCapture = capture
      token = subject.take(2).subscribe { _ in _ = capture }
    }

    subject.dispatch(1)
    let afterOne = subject.subscriptionCount
    subject.dispatch(2)

    XCTAssertEqual(afterOne, 1)
    XCTAssertEqual(subject.subscriptionCount, 0)
    XCTAssertNil(weakCapture)
    token?.dispose()
  }

  func testAnAbandonedValuesIteratorReturnsTheCountToZero() {
    let variable = Variable(1)
    var countWithTwo = 0
    do {
      let first = variable.values.makeAsyncIterator()
      let second = variable.values.makeAsyncIterator()
      countWithTwo = variable.subscriptionCount  // one per access of `values`
      withExtendedLifetime((first, second)) {}
    }

    XCTAssertEqual(countWithTwo, 2)
    XCTAssertEqual(variable.subscriptionCount, 0)
  }

  func testDroppingTheSubjectFreesHandlersEvenWhileTokensAreKept() {
    weak var weakSubject: DispatchSubject<Int>?
    weak var weakCapture: Tracked?
    var tokens: [any Disposable] = []
    do {
      let subject = DispatchSubject<Int>()
      let capture = Tracked()
      weakSubject = subject
      weakCapture = capture
      tokens = (0..<3).map { _ in subject.subscribe { _ in _ = capture } }
      subject.dispatch(1)
    }

    XCTAssertNil(weakSubject)
    XCTAssertNil(weakCapture)
    for token in tokens { token.dispose() }  // harmless now
  }
}

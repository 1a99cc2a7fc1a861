import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 6: dropping the last reference to a store, a dispose bag or a
/// subject frees it and its subscriptions; no retain cycles through bindings.
final class NoLeaksGuaranteeTests: XCTestCase {
  final class CounterStore: Store, @unchecked Sendable {
    let count: Property<Int>
    let _count = Variable(0)

    init(increments: Observable<Int>) {
      count = _count.asProperty()
      super.init()
      bind(increments, to: _count) { total, increment in total + increment }
    }
  }

  func testDroppedSubjectIsFreedWithItsSubscriptionsAndTheirCaptures() {
    weak var weakSubject: DispatchSubject<Int>?
    weak var weakCapture: Tracked?
    var subscription: (any Disposable)?
    do {
      let subject = DispatchSubject<Int>()
      let capture = Tracked()
      subscription = subject.subscribe { _ in _ = capture }
      weakSubject = subject
      weakCapture = capture
    }

    XCTAssertNil(weakSubject)
    XCTAssertNil(weakCapture)
    subscription?.dispose()
  }

  func testDisposeReleasesTheHandlerEvenIfTheTokenIsKept() {
    let subject = DispatchSubject<Int>()
    weak var weakCapture: Tracked?
    let subscription: any Disposable
    do {
      let capture = Tracked()
      weakCapture = capture
      subscription = subject.subscribe { _ in _ = capture }
    }
    subject.dispatch(1)  // the delivery snapshot now holds the subscriber too

    subscription.dispose()

    XCTAssertNil(weakCapture)
  }

  func testDisposeFromInsideTheHandlerReleasesItOnceTheEventIsDone() {
    let subject = DispatchSubject<Int>()
    weak var weakCapture: Tracked?
    let holder = DisposableHolder()
    do {
      let capture = Tracked()
      weakCapture = capture
      holder.set(
        subject.subscribe { _ in
          _ = capture
          holder.disposeAll()
        })
    }

    subject.dispatch(1)

    XCTAssertNil(weakCapture)
  }

  func testDroppedDisposeBagIsFreedAndEndsItsSubscriptions() {
    let subject = DispatchSubject<Int>()
    weak var weakBag: DisposeBag?
    do {
      let bag = DisposeBag()
      weakBag = bag
      subject.subscribe { _ in }.disposed(by: bag)
      subject.subscribe { _ in }.disposed(by: bag)
    }

    XCTAssertNil(weakBag)
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testDroppedStoreIsFreedWithItsVariablesAndItsBindingsStop() {
    let subject = DispatchSubject<Int>()
    weak var weakStore: CounterStore?
    weak var weakVariable: Variable<Int>?
    do {
      let store = CounterStore(increments: subject.asObservable())
      subject.dispatch(2)
      XCTAssertEqual(store.count.value, 2)
      weakStore = store
      weakVariable = store._count
    }

    XCTAssertNil(weakStore)
    XCTAssertNil(weakVariable)
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testDroppedVariableIsFreedWithItsSubscriptions() {
    weak var weakVariable: Variable<Int>?
    weak var weakCapture: Tracked?
    let bag = DisposeBag()
    do {
      let variable = Variable(0)
      let capture = Tracked()
      variable.subscribe { _ in _ = capture }.disposed(by: bag)
      variable.asProperty().changed.subscribe { _ in _ = capture }.disposed(by: bag)
      weakVariable = variable
      weakCapture = capture
    }

    XCTAssertNil(weakVariable)
    XCTAssertNil(weakCapture)
  }

  func testStreamsDerivedFromDroppedVariablesAreFreedWithThemEvenIfNeverDisposed() {
    weak var weakCapture: Tracked?
    var tokens: [any Disposable] = []
    do {
      let first = Variable(1)
      let second = Variable(2)
      let capture = Tracked()
      weakCapture = capture
      let sum = Property(derivedFrom: first.asProperty(), second.asProperty()) { $0 + $1 }
      tokens = [
        Observable.combineLatest(first, second).subscribe { _ in withExtendedLifetime(capture) {} },
        sum.subscribe { _ in withExtendedLifetime(capture) {} },
        DispatchSubject<Int>().withLatestFrom(sum).subscribe { _ in
          withExtendedLifetime(capture) {}
        },
      ]
    }

    XCTAssertNil(weakCapture, "a stream outlived the variables it was made from")
    withExtendedLifetime(tokens) {}
  }

  func testOperatorChainFromTemporariesLivesWhileSubscribedAndIsFreedOnDispose() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    weak var weakCapture: Tracked?
    let subscription: any Disposable
    do {
      let capture = Tracked()
      weakCapture = capture
      subscription =
        subject
        .map { value -> Int in
          _ = capture
          return value * 10
        }
        .filter { $0 > 10 }
        .distinctUntilChanged()
        .skip(0)
        .subscribe(recorder.handler)
    }

    subject.dispatch(1)
    subject.dispatch(2)
    subject.dispatch(2)
    let aliveWhileSubscribed = weakCapture != nil
    subscription.dispose()

    XCTAssertEqual(recorder.values, [20])
    XCTAssertTrue(aliveWhileSubscribed)
    XCTAssertNil(weakCapture)
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testStoreBindingToASubjectDoesNotRetainTheStore() {
    final class ForwardingStore: Store, @unchecked Sendable {
      init(source: DispatchSubject<Int>, target: DispatchSubject<Int>) {
        super.init()
        bind(source, to: target)
      }
    }
    let source = DispatchSubject<Int>()
    let target = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = target.subscribe(recorder.handler)
    weak var weakStore: ForwardingStore?
    do {
      let store = ForwardingStore(source: source, target: target)
      weakStore = store
      source.dispatch(1)
    }

    source.dispatch(2)

    XCTAssertNil(weakStore)
    XCTAssertEqual(recorder.values, [1])
    subscription.dispose()
  }

  func testDisposingWhileTheSubjectIsFreedOnAnotherThreadIsSafe() {
    for _ in 0..<300 {
      let holder = SubjectHolder(DispatchSubject<Int>())
      weak let weakSubject = holder.subject
      let received = Counter()
      let tokens = (0..<20).map { _ in holder.subject!.subscribe { _ in received.increment() } }
      holder.subject!.dispatch(1)  // the snapshot now holds every subscriber

      runOnThreads(2) { thread in
        if thread == 0 {
          for token in tokens { token.dispose() }
        } else {
          holder.drop()  // the last reference: the subject is freed on this thread
        }
      }
      for token in tokens { token.dispose() }  // again, after the subject is gone

      XCTAssertNil(weakSubject)
      XCTAssertEqual(received.value, 20)
    }
  }
}

/// Holds a subject until `drop()`, so that a chosen thread releases the last
/// reference.
final class SubjectHolder: Sendable {
  private let held: Lock<DispatchSubject<Int>?>

  init(_ subject: DispatchSubject<Int>) {
    held = Lock(subject)
  }

  var subject: DispatchSubject<Int>? {
    held.withLock { $0 }
  }

  func drop() {
    // Taken out under the lock, released after it: the last release runs
    // the subject's deinit, outside the lock.
    let last = held.withLock { held in
      defer { held = nil }
      return held
    }
    withExtendedLifetime(last) {}
  }
}

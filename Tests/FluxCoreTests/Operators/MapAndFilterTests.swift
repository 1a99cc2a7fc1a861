import FluxCore
import FluxCoreTesting
import XCTest

final class MapAndFilterTests: XCTestCase {
  func testMapTransformsEveryValue() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<String>()
    let subscription = subject.map { "#\($0)" }.subscribe(recorder.handler)

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(recorder.values, ["#1", "#2"])
    subscription.dispose()
  }

  func testFilterDeliversOnlyIncludedValues() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.filter { $0.isMultiple(of: 2) }.subscribe(recorder.handler)

    (1...6).forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [2, 4, 6])
    subscription.dispose()
  }

  func testCompactMapDropsNilResults() {
    let subject = DispatchSubject<String>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.compactMap { Int($0) }.subscribe(recorder.handler)

    ["1", "x", "3", ""].forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [1, 3])
    subscription.dispose()
  }

  func testChainedOperatorsApplyInOrder() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription =
      subject
      .map { $0 * 10 }
      .filter { $0 > 10 }
      .compactMap { $0 == 30 ? nil : $0 + 1 }
      .subscribe(recorder.handler)

    (1...4).forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [21, 41])
    subscription.dispose()
  }

  func testEachSubscriptionToAnOperatorIsIndependent() {
    let subject = DispatchSubject<Int>()
    let doubled = subject.map { $0 * 2 }
    let first = TestRecorder<Int>()
    let second = TestRecorder<Int>()
    let a = doubled.subscribe(first.handler)
    subject.dispatch(1)
    let b = doubled.subscribe(second.handler)

    a.dispose()
    subject.dispatch(2)

    XCTAssertEqual(first.values, [2])
    XCTAssertEqual(second.values, [4])
    XCTAssertEqual(subject.subscriptionCount, 1)
    b.dispose()
  }

  func testEachOperatorCallsItsClosureOncePerValue() {
    let subject = DispatchSubject<Int>()
    let calls = TestRecorder<String>()
    let bag = DisposeBag()
    subject.map { value in
      calls.handler("map \(value)")
      return value
    }
    .subscribe { _ in }.disposed(by: bag)
    subject.filter { value in
      calls.handler("filter \(value)")
      return true
    }
    .subscribe { _ in }.disposed(by: bag)
    subject.compactMap { value in
      calls.handler("compactMap \(value)")
      return value
    }
    .subscribe { _ in }.disposed(by: bag)

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(
      calls.values,
      ["map 1", "filter 1", "compactMap 1", "map 2", "filter 2", "compactMap 2"])
  }
}

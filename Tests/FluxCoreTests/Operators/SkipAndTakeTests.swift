import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class SkipAndTakeTests: XCTestCase {
  func testSkipDropsTheFirstValues() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.skip(2).subscribe(recorder.handler)

    (1...5).forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [3, 4, 5])
    subscription.dispose()
  }

  func testSkipCountsPerSubscription() {
    let subject = DispatchSubject<Int>()
    let skipping = subject.skip(1)
    let first = TestRecorder<Int>()
    let second = TestRecorder<Int>()
    let a = skipping.subscribe(first.handler)
    subject.dispatch(1)
    let b = skipping.subscribe(second.handler)

    subject.dispatch(2)
    subject.dispatch(3)

    XCTAssertEqual(first.values, [2, 3])
    XCTAssertEqual(second.values, [3])
    a.dispose()
    b.dispose()
  }

  func testSkipWithZeroOrANegativeCountSkipsNothing() {
    let subject = DispatchSubject<Int>()
    let zero = TestRecorder<Int>()
    let negative = TestRecorder<Int>()
    let a = subject.skip(0).subscribe(zero.handler)
    let b = subject.skip(-3).subscribe(negative.handler)

    (1...2).forEach(subject.dispatch)

    XCTAssertEqual(zero.values, [1, 2])
    XCTAssertEqual(negative.values, [1, 2])
    a.dispose()
    b.dispose()
  }

  func testTakeDeliversTheFirstValuesThenUnsubscribes() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.take(2).subscribe(recorder.handler)

    (1...5).forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [1, 2])
    XCTAssertEqual(subject.subscriptionCount, 0)
    subscription.dispose()
  }

  func testTakeOneFiresOnceAndReleasesTheHandler() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    weak var weakCapture: Tracked?
    do {
      let capture = Tracked()
      weakCapture = capture
      _ = subject.take(1).subscribe { value in
        _ = capture
        recorder.handler(value)
      }
    }

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(recorder.values, [1])
    XCTAssertNil(weakCapture)
  }

  func testTakeOneOfAVariableCompletesDuringSubscribe() {
    let variable = Variable("now")
    let recorder = TestRecorder<String>()

    let subscription = variable.take(1).subscribe(recorder.handler)
    variable.value = "later"

    XCTAssertEqual(recorder.values, ["now"])
    XCTAssertEqual(variable.subscriptionCount, 0)
    subscription.dispose()
  }

  func testTakeDisposedEarlyStopsDelivery() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.take(3).subscribe(recorder.handler)

    subject.dispatch(1)
    subscription.dispose()
    subject.dispatch(2)

    XCTAssertEqual(recorder.values, [1])
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testTakeWithZeroOrANegativeCountDeliversNothingAndNeverSubscribes() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let zero = subject.take(0).subscribe(recorder.handler)
    let negative = subject.take(-1).subscribe(recorder.handler)

    subject.dispatch(1)

    XCTAssertEqual(recorder.values, [])
    XCTAssertEqual(subject.subscriptionCount, 0)
    zero.dispose()
    negative.dispose()
  }

  func testTakeDeliversExactlyItsCountUnderConcurrentDispatch() {
    for _ in 0..<50 {
      let subject = DispatchSubject<Int>()
      let recorder = TestRecorder<Int>()
      let subscription = subject.take(100).subscribe(recorder.handler)

      runOnThreads(4) { thread in
        for index in 0..<200 { subject.dispatch(thread * 1_000 + index) }
      }
      expectDelivered(subject)

      XCTAssertEqual(recorder.count, 100)
      XCTAssertEqual(subject.subscriptionCount, 0)
      subscription.dispose()
    }
  }
}

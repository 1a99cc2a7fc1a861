import FluxCore
import FluxCoreTesting
import XCTest

final class DistinctUntilChangedTests: XCTestCase {
  func testConsecutiveDuplicatesAreDropped() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.distinctUntilChanged().subscribe(recorder.handler)

    [1, 1, 2, 2, 2, 1, 3, 3].forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [1, 2, 1, 3])
    subscription.dispose()
  }

  func testEachSubscriptionComparesAgainstWhatItSawItself() {
    let subject = DispatchSubject<String>()
    let distinct = subject.distinctUntilChanged()
    let first = TestRecorder<String>()
    let second = TestRecorder<String>()
    let a = distinct.subscribe(first.handler)
    subject.dispatch("x")
    let b = distinct.subscribe(second.handler)

    subject.dispatch("x")
    subject.dispatch("y")

    XCTAssertEqual(first.values, ["x", "y"])
    XCTAssertEqual(second.values, ["x", "y"])
    a.dispose()
    b.dispose()
  }

  func testDistinctVariableDeliversTheCurrentValueThenChangesOnly() {
    let variable = Variable(false)
    let recorder = TestRecorder<Bool>()
    let subscription = variable.distinctUntilChanged().subscribe(recorder.handler)

    variable.value = false
    variable.value = true
    variable.value = true
    variable.value = false

    XCTAssertEqual(recorder.values, [false, true, false])
    subscription.dispose()
  }

  func testTheComparisonGetsTheLastDeliveredValueFirstAndTheNewOneSecond() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let compared = TestRecorder<String>()
    // Not symmetric: a value is a duplicate unless it is higher than the
    // last one delivered, so the order of the arguments shows.
    let subscription = subject.distinctUntilChanged { lastDelivered, new in
      compared.handler("\(lastDelivered)→\(new)")
      return new <= lastDelivered
    }.subscribe(recorder.handler)

    [1, 3, 2, 5].forEach(subject.dispatch)

    XCTAssertEqual(recorder.values, [1, 3, 5])
    XCTAssertEqual(compared.values, ["1→3", "3→2", "3→5"])
    subscription.dispose()
  }
}

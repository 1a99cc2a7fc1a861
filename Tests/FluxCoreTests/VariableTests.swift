import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class VariableTests: XCTestCase {
  func testSubscribeDeliversTheCurrentValueThenEveryChange() {
    let variable = Variable(1)
    let recorder = TestRecorder<Int>()

    let subscription = variable.subscribe(recorder.handler)
    variable.value = 2
    variable.value = 2
    variable.update { $0 *= 10 }

    XCTAssertEqual(recorder.values, [1, 2, 2, 20])
    XCTAssertEqual(variable.value, 20)
    subscription.dispose()
  }

  func testChangedSkipsTheCurrentValue() {
    let variable = Variable("a")
    let recorder = TestRecorder<String>()

    let subscription = variable.changed.subscribe(recorder.handler)
    variable.value = "b"

    XCTAssertEqual(recorder.values, ["b"])
    subscription.dispose()
  }

  func testSubscribingFromAHandlerReplaysTheValueBeforeSubscribeReturns() {
    let variable = Variable(0)
    let log = TestRecorder<String>()
    let bag = DisposeBag()
    variable.changed.subscribe { value in
      log.handler("outer \(value)")
      if value == 1 {
        variable.subscribe { log.handler("inner \($0)") }.disposed(by: bag)
        log.handler("subscribed")
      }
    }.disposed(by: bag)

    variable.value = 1
    variable.value = 2

    XCTAssertEqual(log.values, ["outer 1", "inner 1", "subscribed", "outer 2", "inner 2"])
  }

  func testAReplayingSubscriptionMadeBehindQueuedWritesStartsWithTheLatestValue() {
    let variable = Variable(0)
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    variable.changed.subscribe { value in
      if value == 1 {
        variable.value = 2  // queued
        variable.subscribe(late.handler).disposed(by: bag)
        variable.value = 3  // queued behind the subscription
      }
    }.disposed(by: bag)

    variable.value = 1

    XCTAssertEqual(late.values, [2, 3])
    XCTAssertEqual(variable.value, 3)
  }

  func testConcurrentUpdatesNeverLoseAWrite() {
    let variable = Variable(0)
    let recorder = TestRecorder<Int>()
    let subscription = variable.subscribe(recorder.handler)

    runOnThreads(4) { _ in
      for _ in 0..<5_000 {
        variable.update { $0 += 1 }
      }
    }
    expectDelivered(variable)

    XCTAssertEqual(variable.value, 20_000)
    // Every write is delivered once, in the order the writes were made.
    XCTAssertEqual(recorder.values, Array(0...20_000))
    subscription.dispose()
  }

  func testSubscriberJoiningDuringConcurrentWritesSeesAGapFreeRunToTheEnd() {
    let variable = Variable(0)
    let late = TestRecorder<Int>()
    let bag = DisposeBag()

    runOnThreads(4) { thread in
      for index in 0..<5_000 {
        if thread == 0, index == 2_500 {
          variable.subscribe(late.handler).disposed(by: bag)
        }
        variable.update { $0 += 1 }
      }
    }
    expectDelivered(variable)

    let values = late.values
    XCTAssertEqual(values.last, 20_000)
    XCTAssertEqual(values, Array(values[0]...20_000))
  }

  func testConcurrentAssignmentsLeaveSubscribersOnTheFinalValue() {
    for _ in 0..<20 {
      let variable = Variable(-1)
      let recorder = TestRecorder<Int>()
      let subscription = variable.changed.subscribe(recorder.handler)

      runOnThreads(4) { thread in
        for index in 0..<1_000 { variable.value = thread * 1_000 + index }
      }
      expectDelivered(variable)

      XCTAssertEqual(recorder.count, 4_000)
      XCTAssertEqual(recorder.values.last, variable.value)
      subscription.dispose()
    }
  }

  func testUpdateBodyRunsOnceWithoutContention() {
    let variable = Variable([1])
    var runs = 0

    variable.update { value in
      runs += 1
      value.append(2)
    }

    XCTAssertEqual(runs, 1)
    XCTAssertEqual(variable.value, [1, 2])
  }

  func testAHandlerMaySetTheVariableItObserves() {
    let variable = Variable(0)
    let recorder = TestRecorder<Int>()
    let bag = DisposeBag()
    variable.subscribe { value in
      if value < 3 { variable.value = value + 1 }
    }.disposed(by: bag)
    variable.subscribe(recorder.handler).disposed(by: bag)

    variable.value = 0

    // The first handler's own replay (0) already drove the value to 3 before
    // the recorder subscribed; then 0 is set and counted up again.
    XCTAssertEqual(recorder.values, [3, 0, 1, 2, 3])
    XCTAssertEqual(variable.value, 3)
  }
}

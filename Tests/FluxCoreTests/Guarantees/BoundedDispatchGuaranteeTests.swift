import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// Guarantee 8: a `dispatch` call returns once its own event, what its own
/// handlers dispatched and what was queued ahead of them are delivered, plus
/// at most `deliveryBudget` events other threads queued; the rest is
/// delivered elsewhere, in order, one handler call at a time.
///
/// The bounds are counted, not timed: each thread tallies the events it
/// delivers during each of its own `dispatch` calls.
final class BoundedDispatchGuaranteeTests: XCTestCase {
  /// Two threads flood a subject whose handler takes about 2 µs while a
  /// third dispatches now and then, as a UI thread would.
  func testNoCallDeliversMoreThanItsEventAndItsBudgetWhileTwoThreadsFlood() {
    let subject = DispatchSubject<Int>()
    let tally = ThreadTally()
    let recorder = TestRecorder<Int>()
    let overlap = NoReentryGuaranteeTests.Overlap()
    let subscription = subject.subscribe { value in
      overlap.enter()
      tally.increment()
      recorder.handler(value)
      busyWait(nanoseconds: 2_000)
      overlap.leave()
    }
    let perFlooder = 20_000
    let uiDispatches = 200
    let largestCall = TestAtomic(0)
    let flooded = TestAtomic(0)
    let floodProgress = WorkerProgress()

    runOnThreads(3) { thread in
      func dispatchCounting(_ value: Int) {
        let before = tally.count
        subject.dispatch(value)
        largestCall.max(tally.count - before, ordering: .relaxed)
      }
      if thread < 2 {
        for index in 0..<perFlooder {
          dispatchCounting(thread * 1_000_000 + index)
          let total = flooded.add(1, ordering: .relaxed).newValue
          floodProgress.advance(to: total)
        }
      } else {
        // Between its dispatches, the "UI" thread lets the flood go on.
        // (Pacing, not a wait for a result: the flood may end first.)
        for index in 0..<uiDispatches {
          let mark = flooded.load(ordering: .relaxed)
          _ = floodProgress.wait(
            until: min(mark + 100, 2 * perFlooder), timeout: .milliseconds(100))
          dispatchCounting(2_000_000 + index)
        }
      }
    }
    expectDelivered(subject)

    XCTAssertLessThanOrEqual(largestCall.load(ordering: .relaxed), 1 + subject.deliveryBudget)
    let values = recorder.values
    XCTAssertEqual(values.count, 2 * perFlooder + uiDispatches)
    XCTAssertEqual(Set(values).count, values.count, "an event was delivered twice")
    for thread in 0..<3 {
      let own = values.filter { $0 / 1_000_000 == thread }
      let count = thread < 2 ? perFlooder : uiDispatches
      XCTAssertEqual(own, (0..<count).map { thread * 1_000_000 + $0 })
    }
    XCTAssertEqual(overlap.maximum.load(ordering: .relaxed), 1)
    subscription.dispose()
  }

  /// A call that finds a long queue of another thread's events delivers
  /// exactly its own event and its budget of them; the rest is delivered on a
  /// thread that dispatched nothing, in order.
  func testWhatACallLeavesIsDeliveredInOrderOnAnotherThread() {
    let subject = DispatchSubject<Int>(deliveryBudget: 4)
    let tally = ThreadTally()
    let recorder = TestRecorder<(value: Int, thread: UInt)>()
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let subscription = subject.subscribe { value in
      tally.increment()
      recorder.handler((value, currentThreadNumber()))
      if value == 0 {
        holding.signal()
        release.wait()  // until the other thread has queued its events
      }
    }
    let counts = Lock<[Int]>([0, 0])
    let threads = Lock<[UInt]>([])

    runOnThreads(2) { thread in
      threads.withLock { $0.append(currentThreadNumber()) }
      if thread == 0 {
        let before = tally.count
        subject.dispatch(0)
        counts.withLock { $0[0] = tally.count - before }
      } else {
        holding.wait()
        let before = tally.count
        for value in 1...100 { subject.dispatch(value) }  // each returns at once
        counts.withLock { $0[1] = tally.count - before }
        release.signal()
      }
    }
    expectDelivered(subject)

    XCTAssertEqual(counts.withLock { $0 }, [1 + 4, 0])
    let delivered = recorder.values
    XCTAssertEqual(delivered.map(\.value), Array(0...100))
    let dispatchers = threads.withLock { $0 }
    let relayed = delivered.dropFirst(5)
    XCTAssertFalse(
      relayed.contains { entry in dispatchers.contains(entry.thread) },
      "an event the call left was delivered on a dispatching thread")
    subscription.dispose()
  }

  /// What a call's own handlers dispatch is delivered by that call, even
  /// while other threads flood the subject meanwhile and the budget is 0.
  func testACallDeliversEverythingItsHandlersDispatchWhileOtherThreadsFlood() {
    let subject = DispatchSubject<Int>(deliveryBudget: 0)
    let chainEnded = TestAtomic(0)
    let chainStarted = DispatchSemaphore(value: 0)
    let subscription = subject.subscribe { value in
      busyWait(nanoseconds: 1_000)
      // Negative values are a chain: -n dispatches -(n - 1), down to -1.
      if value == -50 {
        chainStarted.signal()
        chainStarted.signal()
      }
      if value < -1 {
        subject.dispatch(value + 1)
      } else if value == -1 {
        chainEnded.add(1, ordering: .sequentiallyConsistent)
      }
    }
    var unfinished = 0

    for round in 1...50 {
      let endedWhenTheCallReturned = TestAtomic(0)
      runOnThreads(3) { thread in
        if thread < 2 {
          chainStarted.wait()
          for index in 0..<200 { subject.dispatch(round * 1_000 + index) }
        } else {
          subject.dispatch(-50)  // the subject is idle: this call delivers
          endedWhenTheCallReturned.store(
            chainEnded.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
        }
      }
      expectDelivered(subject)
      if endedWhenTheCallReturned.load(ordering: .relaxed) != round { unfinished += 1 }
    }

    XCTAssertEqual(unfinished, 0, "a call returned before the chain it started was delivered")
    XCTAssertEqual(chainEnded.load(ordering: .relaxed), 50)
    subscription.dispose()
  }

  /// What a handler dispatches belongs to the call whose event it handles.
  ///
  /// That holds even when another thread delivers that event. Here the call on thread
  /// Y delivers thread X's event 10, queued ahead of Y's own 2; the handler
  /// of 10 dispatches 11. That one is X's to wait for, not Y's: so Y, with a
  /// budget of 0, leaves it to a relay instead of delivering it itself.
  func testWhatAHandlerDispatchesBelongsToTheCallWhoseEventItHandles() {
    for _ in 0..<20 {
      let subject = DispatchSubject<Int>(deliveryBudget: 0)
      let deliveredOn = Lock<[Int: UInt]>([:])
      let yIsDelivering = DispatchSemaphore(value: 0)
      let xHasQueued = DispatchSemaphore(value: 0)
      let subscription = subject.subscribe { value in
        deliveredOn.withLock { $0[value] = currentThreadNumber() }
        switch value {
        case 1:
          yIsDelivering.signal()
          xHasQueued.wait()
          subject.dispatch(2)  // queued behind X's 10: Y owes both
        case 10:
          subject.dispatch(11)  // caused by X's event: X's
        default:
          break
        }
      }
      let y = Lock<UInt?>(nil)

      runOnThreads(2) { thread in
        if thread == 0 {
          y.withLock { $0 = currentThreadNumber() }
          subject.dispatch(1)
        } else {
          yIsDelivering.wait()
          subject.dispatch(10)  // Y delivers: queued, returns at once
          xHasQueued.signal()
        }
      }
      expectDelivered(subject)

      let threads = deliveredOn.withLock { $0 }
      let callingThread = y.withLock { $0 }!
      XCTAssertEqual(Set(threads.keys), [1, 2, 10, 11])
      XCTAssertEqual(threads[10], callingThread, "Y delivers what is ahead of its own")
      XCTAssertEqual(threads[2], callingThread, "Y delivers its own")
      XCTAssertNotEqual(
        threads[11], callingThread,
        "the call on Y delivered an event caused by X's event, beyond its budget of 0")
      subscription.dispose()
    }
  }

  func testOnOneThreadEveryStoreIsUpdatedWhenDispatchReturnsWhateverTheBudget() {
    let subject = DispatchSubject<Int>(deliveryBudget: 0)
    let recorder = TestRecorder<Int>()
    let bag = DisposeBag()
    subject.subscribe { value in
      if value < 10_000 { subject.dispatch(value + 1) }
    }.disposed(by: bag)
    subject.subscribe(recorder.handler).disposed(by: bag)

    subject.dispatch(0)

    XCTAssertEqual(recorder.count, 10_001)
    XCTAssertEqual(recorder.values.last, 10_000)
    XCTAssertTrue(subject.isIdle)
  }

  func testDispatchNeverWaitsForAHandlerRunningOnAnotherThread() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let subscription = subject.subscribe { value in
      if value == 0 {
        holding.signal()
        release.wait()
      }
      recorder.handler(value)
    }
    let returned = TestAtomic(0)
    let deliveredWhileBlocked = TestAtomic(-1)

    runOnThreads(2) { thread in
      if thread == 0 {
        subject.dispatch(0)
      } else {
        holding.wait()
        for value in 1...1_000 {
          subject.dispatch(value)
          returned.add(1, ordering: .relaxed)
        }
        deliveredWhileBlocked.store(recorder.count, ordering: .relaxed)
        release.signal()
      }
    }
    expectDelivered(subject)

    // Every call returned while the handler was still blocked.
    XCTAssertEqual(returned.load(ordering: .relaxed), 1_000)
    XCTAssertEqual(deliveredWhileBlocked.load(ordering: .relaxed), 0)
    XCTAssertEqual(recorder.values, Array(0...1_000))
    subscription.dispose()
  }

  func testTheDefaultBudgetIsThirtyTwoEventsAndCanBeChosenPerSubject() {
    XCTAssertEqual(DispatchSubject<Int>().deliveryBudget, 32)
    XCTAssertEqual(DispatchSubject<Int>.defaultDeliveryBudget, 32)
    XCTAssertEqual(DispatchSubject<Int>(deliveryBudget: 0).deliveryBudget, 0)
  }
}

/// Spins for about `nanoseconds`: a handler that does some work.
func busyWait(nanoseconds: UInt64) {
  let end = DispatchTime.now().uptimeNanoseconds + nanoseconds
  while DispatchTime.now().uptimeNanoseconds < end {}
}

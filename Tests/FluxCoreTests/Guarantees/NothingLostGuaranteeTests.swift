import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 5: every event reaches every subscription that is live when the
/// event is delivered, exactly once, however many threads dispatch.
///
/// An event that was queued may still be on its way when its `dispatch`
/// returns; `waitUntilDelivered()` waits for it.
final class NothingLostGuaranteeTests: XCTestCase {
  /// The first half of the rule as it holds across threads: an event queued
  /// behind another thread's delivery has not arrived when its `dispatch`
  /// returns. (Deterministic: that delivery is held until the test lets go.)
  func testAnEventQueuedBehindAnotherThreadsDeliveryCanArriveAfterItsDispatchReturns() {
    let held = HeldSubject()
    held.hold()

    held.subject.dispatch(1)
    let seenWhenDispatchReturned = held.recorder.values
    held.release()
    let delivered = held.subject.waitUntilDelivered(timeout: .seconds(10))

    XCTAssertEqual(seenWhenDispatchReturned, [0])
    XCTAssertTrue(delivered)
    XCTAssertEqual(held.recorder.values, [0, 1])
    held.finish()
  }

  /// The second half: after `waitUntilDelivered()`, everything dispatched
  /// before it has arrived, so disposing then loses nothing. (Four threads
  /// dispatch 20,000 events each; a test that disposed as soon as they
  /// returned saw some 47,000 of them.)
  func testAfterWaitingUntilDeliveredDisposingLosesNothing() {
    for _ in 0..<5 {
      let subject = DispatchSubject<Int>()
      let received = Counter()
      let subscription = subject.subscribe { _ in received.increment() }

      runOnThreads(4) { thread in
        for index in 0..<20_000 { subject.dispatch(thread * 20_000 + index) }
      }
      let delivered = subject.waitUntilDelivered(timeout: .seconds(10))
      subscription.dispose()

      XCTAssertTrue(delivered)
      XCTAssertEqual(received.value, 80_000)
    }
  }

  /// A thread that waits for its own events before it disposes its own
  /// subscription has all of them, while another thread subscribes and
  /// disposes thousands of times meanwhile.
  func testAThreadThatWaitsBeforeDisposingHasAllOfItsOwnEventsUnderChurn() {
    let subject = DispatchSubject<Int>()
    let own = TestRecorder<Int>()

    runOnThreads(2) { thread in
      if thread == 0 {
        let subscription = subject.subscribe(own.handler)
        for value in 0..<20_000 { subject.dispatch(value) }
        XCTAssertTrue(subject.waitUntilDelivered(timeout: .seconds(10)))
        subscription.dispose()
      } else {
        for _ in 0..<5_000 { subject.subscribe { _ in }.dispose() }
      }
    }

    XCTAssertEqual(own.count, 20_000)
    XCTAssertEqual(own.values, Array(0..<20_000))
  }

  func testEveryEventReachesEverySubscriberExactlyOnceUnderConcurrentDispatch() {
    let threads = 4
    let perThread = 10_000
    let subject = DispatchSubject<Int>()
    let recorders = (0..<3).map { _ in TestRecorder<Int>() }
    let subscriptions = recorders.map { subject.subscribe($0.handler) }

    runOnThreads(threads) { thread in
      for index in 0..<perThread {
        subject.dispatch(thread * perThread + index)
      }
    }
    expectDelivered(subject)

    let all = threads * perThread
    for recorder in recorders {
      let values = recorder.values
      XCTAssertEqual(values.count, all)
      XCTAssertEqual(values.reduce(0, +), all * (all - 1) / 2)
      XCTAssertEqual(Set(values).count, all)
    }
    for subscription in subscriptions { subscription.dispose() }
  }

  func testNothingIsLostUnderSubscribeAndDisposeChurn() {
    let dispatchers = 3
    let perThread = 10_000
    let subject = DispatchSubject<Int>()
    let stable = TestRecorder<Int>()
    let stableSubscription = subject.subscribe(stable.handler)
    let churned = TestRecorder<[Int]>()

    runOnThreads(dispatchers + 1) { thread in
      if thread == dispatchers {
        // Churn: short-lived subscriptions come and go during the dispatches.
        for _ in 0..<2_000 {
          let seen = TestRecorder<Int>()
          let subscription = subject.subscribe(seen.handler)
          subscription.dispose()
          churned.handler(seen.values)
        }
      } else {
        for index in 0..<perThread {
          subject.dispatch(thread * perThread + index)
        }
      }
    }
    expectDelivered(subject)

    let all = dispatchers * perThread
    let values = stable.values
    XCTAssertEqual(values.count, all)
    XCTAssertEqual(values.reduce(0, +), all * (all - 1) / 2)
    // A churned subscription sees a gap-free run of the one order, once each.
    let position = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
    for seen in churned.values where !seen.isEmpty {
      let positions = seen.map { position[$0]! }
      XCTAssertEqual(positions, Array(positions[0]..<positions[0] + positions.count))
    }
    XCTAssertEqual(subject.subscriptionCount, 1)
    stableSubscription.dispose()
  }

  func testConcurrentSubscribersEachReceiveEverythingDispatchedAfterTheySubscribed() {
    let subject = DispatchSubject<Int>()
    let recorders = (0..<4).map { _ in TestRecorder<Int>() }
    let bag = DisposeBag()

    runOnThreads(4) { thread in
      subject.subscribe(recorders[thread].handler).disposed(by: bag)
      for index in 0..<5_000 {
        subject.dispatch(thread * 5_000 + index)
      }
    }
    expectDelivered(subject)

    // Each thread subscribed before dispatching, so it saw all of its own
    // events, in order, exactly once.
    for (thread, recorder) in recorders.enumerated() {
      let own = recorder.values.filter { $0 / 5_000 == thread }
      XCTAssertEqual(own, Array(thread * 5_000..<(thread + 1) * 5_000))
      XCTAssertEqual(Set(recorder.values).count, recorder.count)
    }
  }
}

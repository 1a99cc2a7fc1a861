import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 5: every event dispatched while a subscription is live reaches it
/// exactly once, whatever the number of dispatching threads.
final class NothingLostGuaranteeTests: XCTestCase {
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

import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 1: all subscribers of one subject see its events in one order.
final class OrderGuaranteeTests: XCTestCase {
  func testAllSubscribersSeeOneOrderWhenAHandlerRedispatches() {
    let subject = DispatchSubject<Int>()
    let first = TestRecorder<Int>()
    let second = TestRecorder<Int>()
    let a = subject.subscribe { value in
      first.handler(value)
      if value == 1 {
        subject.dispatch(10)
        subject.dispatch(11)
      }
    }
    let b = subject.subscribe(second.handler)

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(first.values, [1, 10, 11, 2])
    XCTAssertEqual(second.values, [1, 10, 11, 2])
    a.dispose()
    b.dispose()
  }

  func testAllSubscribersSeeOneOrderUnderConcurrentDispatch() {
    let threads = 4
    let perThread = 5_000
    for _ in 0..<3 {
      let subject = DispatchSubject<Int>()
      let recorders = (0..<3).map { _ in TestRecorder<Int>() }
      let subscriptions = recorders.map { subject.subscribe($0.handler) }

      runOnThreads(threads) { thread in
        for index in 0..<perThread {
          subject.dispatch(thread * perThread + index)
        }
      }
      expectDelivered(subject)

      let reference = recorders[0].values
      XCTAssertEqual(reference.count, threads * perThread)
      for recorder in recorders.dropFirst() {
        XCTAssertEqual(recorder.values, reference)
      }
      // Each thread's events keep the order that thread dispatched them in.
      for thread in 0..<threads {
        let own = reference.filter { $0 / perThread == thread }
        XCTAssertEqual(own, Array(thread * perThread..<(thread + 1) * perThread))
      }
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  func testEventsDispatchedFromAHandlerAreDeliveredAfterTheCurrentOneInOrder() {
    let subject = DispatchSubject<String>()
    let log = TestRecorder<String>()
    let subscription = subject.subscribe { value in
      log.handler("begin \(value)")
      if value == "a" {
        subject.dispatch("b")
        log.handler("dispatched b")
        subject.dispatch("c")
        log.handler("dispatched c")
      }
      log.handler("end \(value)")
    }

    subject.dispatch("a")

    XCTAssertEqual(
      log.values,
      [
        "begin a", "dispatched b", "dispatched c", "end a",
        "begin b", "end b", "begin c", "end c",
      ])
    subscription.dispose()
  }
}

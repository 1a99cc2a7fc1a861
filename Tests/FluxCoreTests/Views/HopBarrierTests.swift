import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// A hop is a queue's own work: what reached a hop to a queue before a
/// barrier was put on that queue has been handed to the handler when the
/// barrier runs, as with one `async` per value.
final class HopBarrierTests: XCTestCase {
  func testAQueueBarrierAfterABurstFindsTheWholeBurstDelivered() {
    let queue = DispatchQueue(label: "render")
    let subject = DispatchSubject<Int>()
    let delivered = TestRecorder<Int>()
    let token = subject.observe(on: queue).subscribe(delivered.handler)

    for value in 0..<1_000 { subject.dispatch(value) }
    queue.sync {}

    XCTAssertEqual(delivered.values, Array(0..<1_000))
    token.dispose()
  }

  /// Values that reach the hop while it is delivering (not merely waiting
  /// to run) come before a barrier put on the queue after them.
  func testValuesThatArriveWhileAHopDeliversComeBeforeALaterBarrier() {
    for mode in [DeliveryMode.everyValue, .latestValue] {
      let queue = DispatchQueue(label: "render")
      let subject = DispatchSubject<Int>()
      let delivered = TestRecorder<Int>()
      let entered = DispatchSemaphore(value: 0)
      let letGo = DispatchSemaphore(value: 0)
      let token = subject.observe(on: queue, receiving: mode).subscribe { value in
        if value == 0 {
          entered.signal()
          letGo.wait()
        }
        delivered.handler(value)
      }
      subject.dispatch(0)
      XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)

      for value in 1..<1_000 { subject.dispatch(value) }
      let atBarrier = TestRecorder<[Int]>()
      queue.async { atBarrier.handler(delivered.values) }
      letGo.signal()
      queue.sync {}

      let expected = mode == .everyValue ? Array(0..<1_000) : [0, 999]
      XCTAssertEqual(atBarrier.values, [expected], "\(mode)")
      token.dispose()
    }
  }

  /// The same for the main actor, whose queue is the main queue (as
  /// `await MainActor.run {}` is).
  @MainActor
  func testValuesThatArriveWhileAMainActorHopDeliversComeBeforeALaterBarrier() async throws {
    let subject = DispatchSubject<Int>()
    let delivered = TestRecorder<Int>()
    let entered = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    let token = subject.observeOnMainActor { value in
      if value == 0 {
        entered.signal()
        letGo.wait()
      }
      delivered.handler(value)
    }
    let atBarrier = TestRecorder<[Int]>()

    DispatchQueue.global().async {
      subject.dispatch(0)
      guard entered.wait(timeout: .now() + 10) == .success else {
        letGo.signal()
        return
      }
      for value in 1..<1_000 { subject.dispatch(value) }
      DispatchQueue.main.async { atBarrier.handler(delivered.values) }
      letGo.signal()
    }

    let seen = try await atBarrier.waitForValues(count: 1)
    XCTAssertEqual(seen, [Array(0..<1_000)])
    token.dispose()
  }
}

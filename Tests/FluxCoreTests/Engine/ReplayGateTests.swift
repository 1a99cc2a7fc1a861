import Dispatch
import FluxCoreTesting
import TestSupport
import XCTest

@testable import FluxCore

/// The replay gate (Engine/ReplayGate.swift) from inside.
///
/// A subscriber whose replay runs while another thread holds the delivery
/// role keeps its gate closed until the replay returns, and events the
/// holder reaches for it meanwhile wait there. What waits at a gate counts
/// as not yet delivered, and a gate never hands out events after its
/// subscription is disposed.
final class ReplayGateTests: XCTestCase {
  /// A wait for delivery queued while two gates are closed ends only once
  /// the last of them opens, and the variable is not idle while one is
  /// closed: events may wait there.
  ///
  /// The marker is queued directly (`queueMarker`, what `waitUntilDelivered`
  /// does), so that it is certainly behind the worker's work when the
  /// worker is let go, and reached by the worker while both gates are
  /// closed.
  func testAWaitQueuedWhileGatesAreClosedEndsOnlyOnceTheLastGateOpens() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))
    state.value = 2  // queued behind the worker's delivery
    let log = TestRecorder<String>()
    let idleWithTheOuterGateClosed = TestRecorder<Bool>()
    let inner = Lock<(any Disposable)?>(nil)

    let outer = state.subscribe { value in
      log.handler("outer got \(value)")
      guard value == 2 else { return }
      let token = state.subscribe { value in
        log.handler("inner got \(value)")
        guard value == 2 else { return }
        // Both gates are closed and the worker holds the role: the marker
        // goes into its queue, and the worker reaches it before giving the
        // role back.
        let queued = state.subject.queueMarker(
          DeliveryMarker { log.handler("wait ends") }, refusingTheHolder: false)
        XCTAssertTrue(queued)
        XCTAssertTrue(held.releaseAndWaitForTheSetter())
        log.handler("inner replay returns")
      }
      inner.withLock { $0 = token }
      idleWithTheOuterGateClosed.handler(state.isIdle)
      log.handler("outer replay returns")
    }

    XCTAssertEqual(
      log.values,
      ["outer got 2", "inner got 2", "inner replay returns", "outer replay returns", "wait ends"])
    XCTAssertEqual(idleWithTheOuterGateClosed.values, [false])
    XCTAssertTrue(state.isIdle)
    outer.dispose()
    inner.withLock { $0 }?.dispose()
  }

  /// Guarantee 4 at a gate: an event held at a closed gate is dropped, not
  /// delivered, if the subscription is disposed before the gate opens.
  ///
  /// The worker delivers 3 while the new subscriber's gate is closed (it is
  /// held there), then stops in a later subscriber's handler, before the
  /// gate opens; the token is disposed then.
  func testAnEventHeldAtAGateIsDroppedIfTheSubscriptionIsDisposedBeforeItOpens() throws {
    let state = Variable(0)
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: 1))
    let seen = TestRecorder<Int>()
    let stopped = DispatchSemaphore(value: 0)
    let goOn = DispatchSemaphore(value: 0)
    let stopper = Lock<(any Disposable)?>(nil)

    let token = state.subscribe { value in
      seen.handler(value)
      guard value == 1 else { return }
      // Queued behind the worker, in this order: this subscriber's
      // activation (its gate closed), the stopper's, then 3; the gate opens
      // after them.
      let subscription = state.changed.subscribe { value in
        guard value == 3 else { return }
        stopped.signal()
        goOn.wait()
      }
      stopper.withLock { $0 = subscription }
      state.value = 3
    }
    let released = DispatchGroup()
    released.enter()
    DispatchQueue.global().async {
      XCTAssertTrue(held.release())
      released.leave()
    }
    XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success)  // 3 is held at the gate
    token.dispose()
    goOn.signal()

    XCTAssertEqual(released.wait(timeout: .now() + 10), .success)
    XCTAssertTrue(state.waitUntilDelivered(timeout: .seconds(10)))
    XCTAssertEqual(seen.values, [1])
    stopper.withLock { $0 }?.dispose()
  }
}

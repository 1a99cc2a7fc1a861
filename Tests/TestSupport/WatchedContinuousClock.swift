import FluxCore

/// A `ContinuousClock` that tells a test when something starts to sleep on
/// it, and until when; the sleep itself is `ContinuousClock`'s, as in an app.
///
/// For the hostile-duration tests: the runtime traps on a sleep until an
/// instant whose seconds do not fit in 64 bits, so a test that sleeps
/// through this clock with an unclamped huge deadline crashes, and
/// ``nextDeadline()`` shows the deadline either way.
package final class WatchedContinuousClock: Clock, Sendable {
  package typealias Instant = ContinuousClock.Instant

  /// Deadlines not yet taken by ``nextDeadline()``, and the task that
  /// waits for the next one.
  private let state = Lock<(deadlines: [Instant], waiter: CheckedContinuation<Instant, Never>?)>(
    ([], nil))

  package init() {}

  package var now: Instant { ContinuousClock.now }
  package var minimumResolution: Duration { ContinuousClock().minimumResolution }

  package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let waiter = state.withLock { state in
      guard let waiter = state.waiter else {
        state.deadlines.append(deadline)
        return CheckedContinuation<Instant, Never>?.none
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: deadline)
    try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }

  /// The deadline of the next sleep begun on this clock (the first not yet
  /// returned here), waiting at most 10 s for one.
  package func nextDeadline() async throws -> Instant {
    try await withTimeout {
      await withCheckedContinuation { (waiter: CheckedContinuation<Instant, Never>) in
        let ready = self.state.withLock { state -> Instant? in
          guard state.deadlines.isEmpty else { return state.deadlines.removeFirst() }
          state.waiter = waiter
          return nil
        }
        if let ready { waiter.resume(returning: ready) }
      }
    }
  }
}

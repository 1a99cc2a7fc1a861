import FluxCore
import TestSupport
import Testing

@testable import FluxCoreTesting

/// A `StoreTester` wait (its `ConditionWaiters`) ends as soon as its task is
/// cancelled, whenever the cancellation comes: before the wait checks for
/// it, or between that check and going to sleep.
@Suite struct ConditionWaitersCancellationTests {
  /// Each round starts a wait whose condition never holds and whose time
  /// limit is an hour, and cancels it from another thread at the same
  /// moment, a little later each round (0 to 63 spins), so that over the
  /// rounds the cancellation lands at every point of the wait's start.
  @Test func aCancelledWaitEndsWheneverTheCancellationComes() async throws {
    for round in 0..<raceRounds(default: 1_000) {
      let waiters = ConditionWaiters()
      let outcome = try await outcomeCancelled(afterSpins: round % 64) {
        await waiters.wait(until: { false }, timeout: .seconds(3_600))
      }
      #expect(try outcome.get() == false, "round \(round)")
    }
  }
}

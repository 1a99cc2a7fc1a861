import CFluxCoreAtomics
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// A test clock's waits end however they race what ends them: an advance on
/// another thread, or the waiting task's cancellation.
@Suite struct TestClockRaceTests {
  /// A sleep that comes while an advance is ending, on another thread, is
  /// never left asleep: either the advance wakes it, or it comes after the
  /// advance moved the time past its deadline and does not sleep at all.
  ///
  /// Each round starts the sleep and the advance together on two threads,
  /// the sleep a little later each round (0 to 63 spins), so that over the
  /// rounds the sleep lands at every point of the advance. After the advance
  /// has returned, a sleeper listed on the clock is one left asleep (its
  /// deadline is past, and nothing will advance the clock again); one that
  /// returns was not.
  @Test func aSleepThatComesDuringAnAdvanceIsNeverLeftAsleep() async throws {
    var leftAsleep = 0
    for round in 0..<raceRounds(default: 1_000) {
      let clock = TestClock()
      let deadline = clock.now.advanced(by: .seconds(1))
      let start = StartLine()
      let sleeper = Task.detached {
        start.arrive()
        for _ in 0..<(round % 64) { fluxcore_spin_pause() }
        try await clock.sleep(until: deadline)
      }
      let advancing = Task.detached {
        start.arrive()
        await clock.advance(by: .seconds(1))
      }
      try await advancing.value(within: 60)
      if try await isLeftAsleep(sleeper, on: clock) { leftAsleep += 1 }
    }
    #expect(leftAsleep == 0, "sleeps left asleep after the advance passed their deadline")
  }

  /// A sleep throws `CancellationError` when its task is cancelled,
  /// whenever the cancellation comes, and leaves nothing asleep on the
  /// clock.
  ///
  /// Each round starts a sleep of an hour, which no advance ever reaches,
  /// and cancels it from another thread at the same moment, a little later
  /// each round (0 to 63 spins): over the rounds, before the sleep checks
  /// for cancellation, between that check and going to sleep, and while it
  /// sleeps.
  @Test func aCancelledSleepThrowsWheneverTheCancellationComes() async throws {
    for round in 0..<raceRounds(default: 1_000) {
      let clock = TestClock()
      let outcome = try await outcomeCancelled(afterSpins: round % 64) {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(3_600)))
      }
      #expect(throws: CancellationError.self, "round \(round)") { try outcome.get() }
      #expect(clock.sleeperCount == 0, "round \(round)")
    }
  }

  /// A wait for sleepers throws `CancellationError` when its task is
  /// cancelled, whenever the cancellation comes.
  ///
  /// Each round starts a wait for a sleeper that never comes, with an
  /// hour's timeout, and cancels it from another thread at the same moment,
  /// a little later each round (0 to 63 spins), so that over the rounds the
  /// cancellation lands before the wait begins, while it begins, and while
  /// it waits.
  @Test func aCancelledWaitForSleepersThrowsWheneverTheCancellationComes() async throws {
    for round in 0..<raceRounds(default: 1_000) {
      let clock = TestClock()
      let outcome = try await outcomeCancelled(afterSpins: round % 64) {
        try await clock.waitForSleepers(count: 1, timeout: .seconds(3_600))
      }
      #expect(throws: CancellationError.self, "round \(round)") { try outcome.get() }
    }
  }
}

/// Whether `sleeper` was left asleep on the clock.
///
/// The clock has passed its deadline and nothing advances it any more: the
/// sleeper either returns or is listed asleep (then it is cancelled). Throws
/// `TimedOut` (too slow) if neither happens within 60 s.
private func isLeftAsleep(
  _ sleeper: Task<Void, any Error>, on clock: TestClock
) async throws -> Bool {
  try await withTimeout(seconds: 60) {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await sleeper.value
        return false
      }
      group.addTask {
        try await clock.waitForSleepers(count: 1, timeout: .seconds(3_600))
        sleeper.cancel()  // so that the wait for its value above ends too
        return true
      }
      defer { group.cancelAll() }
      return try await group.next() ?? false
    }
  }
}

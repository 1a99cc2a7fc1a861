import FluxCore
import FluxCorePersistence
import TestSupport
import Testing

/// A quiet period or a longest delay far longer than any real wait, as a
/// user might pass to mean "only when I flush": the state's timer sleeps at
/// most 100 years (the runtime traps on a sleep until an instant whose
/// seconds do not fit in 64 bits), and `flush()` still saves.
@Suite struct HugeDelayTests {
  @Test func delaysLongerThanTheLongestWaitSleepTheLongestWait() async throws {
    let directory = TemporaryDirectory()
    let clock = WatchedContinuousClock()
    let start = clock.now
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(Int64.max), maxDelay: .seconds(Int64.max),
      clock: clock, default: 0)

    state.variable.value = 42
    let deadline = try await clock.nextDeadline()
    try state.flush()

    let wait = start.duration(to: deadline)
    #expect(wait >= .longestWait && wait < .longestWait + .seconds(60))
    #expect(try savedValue(in: directory.file(), as: Int.self) == 42)
  }
}

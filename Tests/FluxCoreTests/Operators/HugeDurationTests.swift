import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Intervals far longer than any real wait: FluxCore sleeps 100 years.
///
/// A user might pass `.seconds(Int64.max)` to mean "never"; the runtime
/// traps on a sleep until an instant whose seconds do not fit in 64 bits, so
/// FluxCore clamps every wait to `Duration.longestWait`. Each test sleeps on
/// a real `ContinuousClock` (through `WatchedContinuousClock`, which shows
/// the deadline): before the clamp, the deadline was `.seconds(Int64.max)`
/// away and the run crashed.
@Suite struct HugeDurationTests {
  let clock = WatchedContinuousClock()
  let typed = DispatchSubject<String>()
  let never = Duration.seconds(Int64.max)

  /// Whether `deadline` is the longest wait after an instant the operator
  /// reached after `start` (within a minute of it).
  private func isTheLongestWait(
    _ deadline: ContinuousClock.Instant, after start: ContinuousClock.Instant
  ) -> Bool {
    let wait = start.duration(to: deadline)
    return wait >= .longestWait && wait < .longestWait + .seconds(60)
  }

  @Test func debounceForLongerThanTheLongestWaitWaitsTheLongestWait() async throws {
    let queries = TestRecorder<String>()
    let start = clock.now
    let subscription = typed.debounce(for: never, clock: clock).subscribe(queries.handler)
    typed.dispatch("json")

    let deadline = try await clock.nextDeadline()
    subscription.dispose()

    #expect(isTheLongestWait(deadline, after: start))
    #expect(queries.values == [])
  }

  @Test func throttleForLongerThanTheLongestWaitWaitsTheLongestWait() async throws {
    let queries = TestRecorder<String>()
    let start = clock.now
    let subscription = typed.throttle(for: never, clock: clock).subscribe(queries.handler)
    typed.dispatch("a")  // delivered at once, opening the interval
    typed.dispatch("b")  // held until the interval ends: the timer starts

    let deadline = try await clock.nextDeadline()
    subscription.dispose()

    #expect(isTheLongestWait(deadline, after: start))
    #expect(queries.values == ["a"])
  }

  @MainActor
  @Test func aDebouncerForLongerThanTheLongestWaitWaitsTheLongestWait() async throws {
    let debouncer = Debouncer(for: never, clock: clock)
    var ran = false
    let start = clock.now
    let task = debouncer.send { ran = true }

    let deadline = try await clock.nextDeadline()
    debouncer.cancel()
    await task.value

    #expect(isTheLongestWait(deadline, after: start))
    #expect(debouncer.interval == never)  // as given
    #expect(!ran)
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// `debounce` and `throttle` on a `TestClock`: time moves only when a test
/// advances it, and a test waits for what the operator delivers, never a
/// number of turns.
@Suite struct DebounceAndThrottleTests {
  let clock = TestClock()
  let typed = DispatchSubject<String>()
  let interval = Duration.milliseconds(300)

  @Test func debounceDeliversTheLastValueOfABurstOnceTheStreamIsQuiet() async throws {
    let queries = TestRecorder<String>()
    let subscription = typed.debounce(for: interval, clock: clock).subscribe(queries.handler)
    ["j", "js", "jso", "json"].forEach(typed.dispatch)
    try await clock.waitForSleepers(count: 1)
    #expect(clock.sleeperCount == 1)  // one wait for the burst, not one per value

    await clock.advance(by: .milliseconds(299))
    #expect(queries.values == [])
    await clock.advance(by: .milliseconds(1))

    #expect(try await queries.waitForValues(count: 1) == ["json"])
    #expect(clock.sleeperCount == 0)
    subscription.dispose()
    #expect(typed.subscriptionCount == 0)
  }

  /// Each value restarts the wait, measured from when it arrived.
  @Test func aValueDuringTheWaitMovesTheDeadline() async throws {
    let queries = TestRecorder<String>()
    let subscription = typed.debounce(for: interval, clock: clock).subscribe(queries.handler)
    typed.dispatch("a")
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(200))
    typed.dispatch("ab")  // at 200 ms: due at 500 ms

    await clock.advance(by: .milliseconds(100))  // the wait for "a" ends, sleeps on
    try await clock.waitForSleepers(count: 1)
    #expect(queries.values == [])
    await clock.advance(by: .milliseconds(199))
    #expect(queries.values == [])
    await clock.advance(by: .milliseconds(1))

    #expect(try await queries.waitForValues(count: 1) == ["ab"])
    typed.dispatch("abc")  // a new burst
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: interval)
    #expect(try await queries.waitForValues(count: 2) == ["ab", "abc"])
    subscription.dispose()
  }

  @Test func disposingCancelsTheWaitAndNothingArrivesAfter() async throws {
    let queries = TestRecorder<String>()
    let subscription = typed.debounce(for: interval, clock: clock).subscribe(queries.handler)
    typed.dispatch("a")
    try await clock.waitForSleepers(count: 1)

    subscription.dispose()

    #expect(clock.sleeperCount == 0)  // the waiting task was cancelled
    #expect(typed.subscriptionCount == 0)
    typed.dispatch("b")
    await clock.advance(by: .seconds(10))
    #expect(queries.values == [])
  }

  /// Values from four threads at once: one waiting task at most, and the
  /// value delivered is the last one to arrive (some thread's last).
  @Test func aFloodFromManyThreadsKeepsOneWaitAndDeliversTheLastValue() async throws {
    let numbers = DispatchSubject<Int>()
    let delivered = TestRecorder<Int>()
    let subscription = numbers.debounce(for: interval, clock: clock).subscribe(delivered.handler)
    let sleepers = Tally()

    runOnThreads(4) { thread in
      for index in 1...5_000 {
        numbers.dispatch(thread * 100_000 + index)
        if index % 100 == 0 { sleepers.record(clock.sleeperCount) }
      }
    }
    #expect(await expectDelivered(numbers))
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: interval)

    let value = try #require(try await delivered.waitForValues(count: 1).first)
    #expect([5_000, 105_000, 205_000, 305_000].contains(value))
    #expect(sleepers.largest <= 1)
    subscription.dispose()
  }

  @Test func throttleDeliversTheFirstAtOnceAndTheLatestWhenTheIntervalEnds() async throws {
    let shown = TestRecorder<String>()
    let subscription = typed.throttle(for: interval, clock: clock).subscribe(shown.handler)

    typed.dispatch("a")
    #expect(shown.values == ["a"])  // at once, on the dispatching thread
    typed.dispatch("b")
    typed.dispatch("c")
    try await clock.waitForSleepers(count: 1)
    #expect(shown.values == ["a"])
    await clock.advance(by: interval)
    #expect(try await shown.waitForValues(count: 2) == ["a", "c"])

    // "c" started the next interval, at 300 ms.
    typed.dispatch("d")
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: interval)
    #expect(try await shown.waitForValues(count: 3) == ["a", "c", "d"])

    // "d" started one at 600 ms; nothing arrives in it, so it ends by
    // itself, and the next value goes through at once.
    await clock.advance(by: interval)
    #expect(clock.sleeperCount == 0)
    typed.dispatch("e")
    #expect(shown.values == ["a", "c", "d", "e"])
    subscription.dispose()
    #expect(typed.subscriptionCount == 0)
  }

  @Test func throttleWithoutLatestDropsWhatArrivesDuringTheInterval() async throws {
    let shown = TestRecorder<String>()
    let subscription = typed.throttle(for: interval, clock: clock, latest: false)
      .subscribe(shown.handler)

    typed.dispatch("a")
    typed.dispatch("b")
    typed.dispatch("c")
    #expect(clock.sleeperCount == 0)  // nothing held, nothing to wait for
    await clock.advance(by: .milliseconds(299))
    typed.dispatch("d")
    await clock.advance(by: .milliseconds(1))
    typed.dispatch("e")
    typed.dispatch("f")

    #expect(shown.values == ["a", "e"])
    subscription.dispose()
  }

  @Test func disposingAThrottleCancelsTheHeldValue() async throws {
    let shown = TestRecorder<String>()
    let subscription = typed.throttle(for: interval, clock: clock).subscribe(shown.handler)
    typed.dispatch("a")
    typed.dispatch("b")
    try await clock.waitForSleepers(count: 1)

    subscription.dispose()

    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(10))
    #expect(shown.values == ["a"])
  }

  /// Many rounds of a timer firing on one thread while another disposes:
  /// once `dispose()` has returned, nothing more is delivered.
  ///
  /// A delivery that had begun when `dispose()` was called may still end
  /// after it returns (guarantee 4 is about events dispatched afterwards), so
  /// what counts is what arrives once the race is over: another value and
  /// another timer deliver nothing.
  @Test func nothingIsDeliveredAfterDisposeReturnsWhileTheTimerFires() async throws {
    for _ in 0..<200 {
      let clock = TestClock()
      let source = DispatchSubject<Int>()
      let delivered = Tally()
      let subscription = source.debounce(for: .milliseconds(1), clock: clock)
        .subscribe { delivered.record($0) }
      source.dispatch(1)
      try await clock.waitForSleepers(count: 1)

      async let advanced: Void = clock.advance(by: .milliseconds(1))
      subscription.dispose()
      await advanced
      source.dispatch(2)
      await clock.advance(by: .seconds(1))

      // 1 may arrive (its delivery may have begun before dispose returned,
      // and end after: guarantee 4); 2, sent after, never does.
      #expect(delivered.largest <= 1)
      #expect(clock.sleeperCount == 0)
    }
  }
}

/// The largest of the numbers recorded, from any thread.
private final class Tally: Sendable {
  private let largestSeen = Lock(0)
  func record(_ value: Int) { largestSeen.withLock { $0 = max($0, value) } }
  var largest: Int { largestSeen.withLock { $0 } }
}

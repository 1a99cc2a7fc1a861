import FluxCore
import FluxCoreTesting
import Testing

/// Timeouts far longer than any real wait, as a test might pass to mean
/// "no limit": the testing kit's waits sleep at most 100 years (the
/// runtime traps on a sleep until an instant whose seconds do not fit in
/// 64 bits), so each wait below returns as soon as its condition holds.
@Suite struct HugeTimeoutTests {
  let never = Duration.seconds(Int64.max)

  @Test func aRecorderWaitsForValuesWithAHugeTimeout() async throws {
    let typed = DispatchSubject<Int>()
    let recorder = TestRecorder(typed)
    let waiting = Task { [never] in try await recorder.waitForValues(count: 2, timeout: never) }
    typed.dispatch(1)
    typed.dispatch(2)

    #expect(try await waiting.value == [1, 2])
  }

  @Test func aTestClockWaitsForSleepersWithAHugeTimeout() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers(count: 1, timeout: never)
    await clock.advance(by: .seconds(1))

    try await sleeper.value
    try await clock.run(timeout: never)
  }

  @Test func expectDeliveredWaitsWithAHugeTimeout() async {
    let typed = DispatchSubject<Int>()
    let recorder = TestRecorder(typed)
    typed.dispatch(1)

    #expect(expectDelivered(typed, within: never))
    #expect(await expectDelivered(typed, within: never))
    #expect(recorder.values == [1])
  }
}

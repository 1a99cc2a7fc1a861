import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Changes that never pause are still saved: a write happens at most
/// `maxDelay` after the first unsaved change, however often the state
/// changes meanwhile.
@Suite struct MaxDelayTests {
  /// Changes `state` every 50 ms of `clock`, `changes` times, never pausing
  /// for the quiet period; after every `writeEvery`-th change (and its
  /// 50 ms), waits for a write.
  ///
  /// - Returns: The value each write saved.
  private func flood(
    _ state: PersistentState<Int>, on clock: TestClock, in file: URL, changes: Int,
    writeEvery: Int
  ) async throws -> [Int] {
    let saves = TestRecorder(state.saves)
    var written: [Int] = []
    for change in 1...changes {
      state.variable.value = change
      if change == 1 { try await clock.waitForSleepers(count: 1) }
      await clock.advance(by: .milliseconds(50))
      if change % writeEvery == 0 {
        try await saves.waitForValues(count: change / writeEvery + 1)
        written.append(try savedValue(in: file, as: Int.self))
      }
    }
    #expect(saves.values == Array(0...(changes / writeEvery)))
    return written
  }

  /// A change every 50 ms for 12 s, with a quiet period of 200 ms that is
  /// never reached: one write at 5 s (the default longest delay), and one at
  /// 10 s, each of the value current then.
  @Test func changesThatNeverPauseAreSavedWithinTheDefaultLongestDelay() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(200), clock: clock, default: 0)

    let written = try await flood(
      state, on: clock, in: directory.file(), changes: 240, writeEvery: 100)

    #expect(written == [100, 200])
  }

  /// The case: a change every 50 ms for 3 s, a quiet period of
  /// 200 ms, and a longest delay of 1 s: a write at 1 s, 2 s and 3 s.
  @Test func aLongestDelayOfOneSecondWritesEverySecond() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(200), maxDelay: .seconds(1),
      clock: clock, default: 0)

    let written = try await flood(
      state, on: clock, in: directory.file(), changes: 60, writeEvery: 20)

    #expect(written == [20, 40, 60])
  }
}

import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Changes that never pause are still saved: a write happens at most
/// `maxDelay` after the first unsaved change, however often the state
/// changes meanwhile.
@Suite struct MaxDelayTests {
  /// A change every 50 ms for 12 s, with a quiet period of 200 ms that is
  /// never reached: one write at 5 s (the default longest delay), and one at
  /// 10 s, each of the value current then.
  @Test func changesThatNeverPauseAreSavedWithinTheDefaultLongestDelay() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(200), clock: clock, default: 0)
    let saves = TestRecorder(state.saves)
    var written: [Int] = []

    for change in 1...240 {
      state.variable.value = change
      if change == 1 { try await clock.waitForSleepers(count: 1) }
      await clock.advance(by: .milliseconds(50))
      if change % 100 == 0 {
        try await saves.waitForValues(count: change / 100 + 1)
        written.append(try savedValue(in: directory.file(), as: Int.self))
      }
    }

    #expect(written == [100, 200])
    #expect(saves.values == [0, 1, 2])
  }

  /// The case: a change every 50 ms for 3 s, a quiet period of
  /// 200 ms, and a longest delay of 1 s: a write at 1 s, 2 s and 3 s.
  @Test func aLongestDelayOfOneSecondWritesEverySecond() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(200), maxDelay: .seconds(1),
      clock: clock, default: 0)
    let saves = TestRecorder(state.saves)
    var written: [Int] = []

    for change in 1...60 {
      state.variable.value = change
      if change == 1 { try await clock.waitForSleepers(count: 1) }
      await clock.advance(by: .milliseconds(50))
      if change % 20 == 0 {
        try await saves.waitForValues(count: change / 20 + 1)
        written.append(try savedValue(in: directory.file(), as: Int.self))
      }
    }

    #expect(written == [20, 40, 60])
    #expect(saves.values == [0, 1, 2, 3])
  }
}

import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// A write that failed is not forgotten: it is tried again by the next
/// flush, even with no change since, and on a schedule of its own.
@Suite struct RetryTests {
  /// A state in a directory that goes away after a first write: the next
  /// write fails with ENOENT until the directory is back.
  private struct Setup {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let nested: URL
    let state: PersistentState<Int>

    init() throws {
      nested = directory.url.appendingPathComponent("nested")
      state = try PersistentState(
        file: nested.appendingPathComponent("state.json"), quietPeriod: .seconds(3_600),
        maxDelay: .seconds(3_600), clock: clock, default: 0)
      state.variable.value = 1
      try state.flush()
    }

    var file: URL { nested.appendingPathComponent("state.json") }

    /// Removes the directory, changes the state to `value`, and flushes:
    /// the write fails.
    func failAWrite(of value: Int) throws {
      try FileManager.default.removeItem(at: nested)
      state.variable.value = value
      #expect(throws: PersistenceError.self) { try state.flush() }
      try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    }

    /// Fails a write of `value`, then moves the clock to 1 ms before a
    /// second later, and on to it.
    ///
    /// - Returns: What `saves` held 1 ms before the second, once it holds
    ///   `count` values.
    func failAWriteAndWaitASecond(
      of value: Int, recordedBy saves: TestRecorder<Int>, untilSaved count: Int
    ) async throws -> [Int] {
      try failAWrite(of: value)
      try await clock.waitForSleepers(count: 1)
      await clock.advance(by: .milliseconds(999))
      let beforeASecond = saves.values
      await clock.advance(by: .milliseconds(1))
      try await saves.waitForValues(count: count)
      return beforeASecond
    }
  }

  @Test func aFlushAfterAFailedWriteTriesAgainWithNoChangeSince() throws {
    let setup = try Setup()
    try setup.failAWrite(of: 2)

    try setup.state.flush()

    #expect(try savedValue(in: setup.file, as: Int.self) == 2)
    #expect(setup.state.saves.value == 2)
    #expect(setup.state.saveError.value == nil)
  }

  /// The first try again comes a second after the failure, with no change
  /// and no flush.
  @Test func aFailedWriteIsTriedAgainASecondLater() async throws {
    let setup = try Setup()
    let saves = TestRecorder(setup.state.saves)

    let beforeASecond = try await setup.failAWriteAndWaitASecond(
      of: 2, recordedBy: saves, untilSaved: 2)

    #expect(beforeASecond == [1])
    #expect(try savedValue(in: setup.file, as: Int.self) == 2)
    #expect(setup.state.saveError.value == nil)
  }

  /// A write that succeeds resets the delay: after a failure, a successful
  /// try again, and a new failure, the next try again comes 1 s later
  /// again, not 2 s.
  @Test func aSuccessfulWriteResetsTheDelayBeforeTheNextTryAgain() async throws {
    let setup = try Setup()
    let saves = TestRecorder(setup.state.saves)
    try setup.failAWrite(of: 2)
    try await setup.clock.waitForSleepers(count: 1)
    await setup.clock.advance(by: .seconds(1))
    _ = try await saves.waitForValues(count: 2)

    let beforeASecond = try await setup.failAWriteAndWaitASecond(
      of: 3, recordedBy: saves, untilSaved: 3)

    #expect(beforeASecond == [1, 2])
    #expect(try savedValue(in: setup.file, as: Int.self) == 3)
    #expect(setup.state.saveError.value == nil)
  }
}

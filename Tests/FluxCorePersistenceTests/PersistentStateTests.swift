import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

struct Settings: Codable, Sendable, Equatable {
  var theme = "light"
  var fontSize = 14
}

/// Restoring, coalescing, flushing: what a `PersistentState` does with its
/// file when nothing goes wrong.
@Suite struct PersistentStateTests {
  @Test func theSavedStateIsThereBeforeAnythingReadsIt() throws {
    let directory = TemporaryDirectory()
    do {
      let first = try PersistentState(file: directory.file(), default: Settings())
      first.variable.value = Settings(theme: "dark", fontSize: 18)
      try first.flush()
    }

    let second = try PersistentState(file: directory.file(), default: Settings())
    let seen = TestRecorder(second.variable)

    #expect(second.restoration == .restored(fromVersion: 1))
    assertValues(seen, equal: [Settings(theme: "dark", fontSize: 18)])
  }

  @Test func withNoFileTheStateStartsFromItsDefaultAndWritesNothing() throws {
    let directory = TemporaryDirectory()

    let state = try PersistentState(file: directory.file(), default: Settings())
    try state.flush()

    #expect(state.restoration == .noFile)
    #expect(state.value == Settings())
    #expect(state.saves.value == 0)
    #expect(directory.names == [])
  }

  /// A burst of changes, however long, is one write, once the changes have
  /// stopped for the quiet period on the clock.
  @Test func aBurstOfChangesIsOneWriteAfterTheQuietPeriod() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(500), clock: clock, default: 0)
    let saves = TestRecorder(state.saves)

    for value in 1...100_000 { state.variable.value = value }
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(499))
    let beforeTheQuietPeriodEnds = saves.values
    await clock.advance(by: .milliseconds(1))
    try await saves.waitForValues(count: 2)
    try state.flush()  // nothing left to write
    await clock.advance(by: .seconds(10))

    #expect(beforeTheQuietPeriodEnds == [0])
    #expect(saves.values == [0, 1])
    #expect(try savedValue(in: directory.file(), as: Int.self) == 100_000)
  }

  /// A change during the quiet period starts it over: the timer that wakes
  /// at the first deadline goes back to sleep until the new one, and
  /// nothing is written before it.
  @Test func aChangeDuringTheQuietPeriodStartsItOver() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(500), clock: clock, default: 0)
    let saves = TestRecorder(state.saves)

    state.variable.value = 1
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(400))
    state.variable.value = 2
    await clock.advance(by: .milliseconds(400))  // 800 ms: 400 after the last change
    // The timer woke at 500 ms; it sleeps again (until 900 ms) rather than
    // write: once it sleeps, no write is on its way.
    try await clock.waitForSleepers(count: 1)
    let afterEightHundred = saves.values
    await clock.advance(by: .milliseconds(100))
    try await saves.waitForValues(count: 2)

    #expect(afterEightHundred == [0])
    #expect(try savedValue(in: directory.file(), as: Int.self) == 2)
  }

  @Test func flushWritesNow() throws {
    let directory = TemporaryDirectory()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), default: Settings())

    state.variable.value = Settings(theme: "sepia", fontSize: 12)
    try state.flush()

    #expect(state.saves.value == 1)
    #expect(
      try savedValue(in: directory.file(), as: Settings.self)
        == Settings(theme: "sepia", fontSize: 12))
  }

  /// The file holds the version and the value, as JSON.
  @Test func theFileHoldsTheVersionAndTheValue() throws {
    let directory = TemporaryDirectory()
    let state = try PersistentState(file: directory.file(), version: 3, default: Settings())

    state.variable.value = Settings(theme: "dark", fontSize: 16)
    try state.flush()

    let text = try String(contentsOf: directory.file(), encoding: .utf8)
    #expect(text == #"{"value":{"fontSize":16,"theme":"dark"},"version":3}"#)
  }

  /// Another `PersistentState` of the same file, in the same process, is
  /// refused: each would write over the other's changes. (Another process
  /// may open it: see `PersistenceFaultTests`.)
  @Test func aSecondWriterOfTheSameFileIsRefused() throws {
    let directory = TemporaryDirectory()
    let first = try PersistentState(file: directory.file(), default: 0)

    #expect(throws: PersistenceError.self) {
      _ = try PersistentState(file: directory.file(), default: 0)
    }
    do {
      _ = try PersistentState(file: directory.file(), default: 0)
    } catch {
      #expect(error.kind == .locked)
      #expect(
        "\(error)"
          == "\(directory.file().path): the file is open already: another PersistentState "
          + "of this process saves to it")
    }
    withExtendedLifetime(first) {}
  }

  /// A write that fails keeps the old file, shows its error as a value, and
  /// is tried again on the next change.
  @Test func aFailedWriteIsReportedKeepsTheOldFileAndIsTriedAgain() throws {
    let directory = TemporaryDirectory()
    let nested = directory.url.appendingPathComponent("nested")
    let file = nested.appendingPathComponent("state.json")
    let state = try PersistentState(file: file, quietPeriod: .seconds(3_600), default: 0)
    state.variable.value = 1
    try state.flush()
    try FileManager.default.removeItem(at: nested)  // the directory goes away

    state.variable.value = 2
    #expect(throws: PersistenceError.self) { try state.flush() }
    let reported = state.saveError.value
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    state.variable.value = 3
    try state.flush()

    #expect(reported?.kind == .io(errno: ENOENT))
    #expect(state.saveError.value == nil)
    #expect(state.saves.value == 2)
    #expect(try savedValue(in: file, as: Int.self) == 3)
  }
}

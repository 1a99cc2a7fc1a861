import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// A draft editor, set up as the Saving article shows: the saved state's
/// variable goes to the store, and nothing else of the `PersistentState` is
/// kept.
private final class EditorStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let draft: Variable<String>

  init(draft: Variable<String>) {
    self.draft = draft
    super.init()
  }
}

/// Saving follows the state, not the object that set it up: as long as the
/// variable lives, its changes are saved, and it is written once more when
/// it is freed, unless `close()` said otherwise; a change that will never
/// be saved shows as an error.
@Suite struct SavingFollowsTheStateTests {
  @Test func changesAreSavedAfterThePersistentStateIsLetGo() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let saved = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(500), clock: clock, default: "")
    let store = EditorStore(draft: saved.variable)
    let saves = TestRecorder(saved.saves)  // the app may watch `saves`; it keeps only that
    weak let setUp = saved
    _ = consume saved

    store.draft.value = "Dear Ada,"
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(500))
    let written = try await saves.waitForValues(count: 2)

    #expect(setUp == nil)
    #expect(written == [0, 1])
    #expect(try savedValue(in: directory.file(), as: String.self) == "Dear Ada,")
  }

  /// The variable is freed with a change not yet due: it is written then,
  /// and the next launch restores it.
  @Test func freeingTheVariableWritesWhatChanged() throws {
    let directory = TemporaryDirectory()
    do {
      let store = try EditorStore(
        draft: PersistentState(file: directory.file(), quietPeriod: .seconds(3_600), default: "")
          .variable)
      store.draft.value = "Dear Ada,"
    }

    let relaunched = try PersistentState(file: directory.file(), default: "")

    #expect(relaunched.restoration == .restored(fromVersion: 1))
    #expect(relaunched.value == "Dear Ada,")
  }

  /// While the variable lives, the file is still its state's: a second
  /// state of it is refused, as while the `PersistentState` lived.
  @Test func whileTheVariableLivesTheFileStaysOpen() throws {
    let directory = TemporaryDirectory()
    let store = try EditorStore(
      draft: PersistentState(file: directory.file(), default: "").variable)

    #expect(throws: PersistenceError.self) {
      _ = try PersistentState(file: directory.file(), default: "")
    }
    withExtendedLifetime(store) {}
  }

  /// `close()` writes what changed and stops saving: a later change is not
  /// saved, and says so in `saveError`; the file may be opened again.
  @Test func afterCloseAChangeIsNotSavedAndSaysSo() async throws {
    let directory = TemporaryDirectory()
    let saved = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), default: "")
    let errors = TestRecorder(saved.saveError)
    saved.variable.value = "Dear Ada,"

    try saved.close()
    saved.variable.value = "Dear Charles,"
    let reported = try await errors.waitForValues(count: 2)
    try saved.close()  // nothing more
    let reopened = try PersistentState(file: directory.file(), default: "")

    #expect(reported.last??.kind == .closed)
    #expect(reopened.value == "Dear Ada,")
    #expect(saved.saves.value == 1)
  }

  /// A change that cannot be written when the variable is freed (its
  /// directory is gone) is an error an observer of `saveError` sees, not
  /// silence.
  @Test func aChangeThatCannotBeWrittenWhenTheVariableIsFreedIsReported() async throws {
    let directory = TemporaryDirectory()
    let nested = directory.url.appendingPathComponent("nested")
    let errors: TestRecorder<PersistenceError?>
    do {
      let saved = try PersistentState(
        file: nested.appendingPathComponent("state.json"), quietPeriod: .seconds(3_600),
        default: "")
      errors = TestRecorder(saved.saveError)
      let store = EditorStore(draft: saved.variable)
      store.draft.value = "Dear Ada,"
      try FileManager.default.removeItem(at: nested)
    }

    let reported = try await errors.waitForValues(count: 2)

    #expect(reported.last??.kind == .io(errno: ENOENT))
  }
}

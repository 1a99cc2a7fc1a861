import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// An editor set up as `PersistentHistory`'s docs show: the store takes the
/// variable and the history, and nothing keeps the `PersistentHistory`.
private final class EditorStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let text: Variable<String>
  let history: UndoHistory<String>

  init(text: Variable<String>, history: UndoHistory<String>) {
    self.text = text
    self.history = history
    super.init()
  }
}

/// Saving follows a persistent history's state and history, not the object
/// that set them up: every change is saved, a relaunch brings back both,
/// and a change that will never be saved is an error someone sees.
@Suite struct PersistentHistoryLifetimeTests {
  private func makeEditor(_ file: URL, clock: TestClock = TestClock()) throws -> EditorStore {
    let draft = try PersistentHistory(
      file: file, quietPeriod: .milliseconds(500), clock: clock, default: "")
    return EditorStore(text: draft.variable, history: draft.history)
  }

  @Test func aHistoryWrittenAsItsDocsShowSavesItsChangesAndARelaunchRestoresBoth() throws {
    let directory = TemporaryDirectory()
    do {
      let store = try makeEditor(directory.file())
      store.text.value = "Dear Ada,"
      store.text.value = "Dear Ada, hello"
    }  // the store is freed: the last write goes on the saver's queue

    let relaunched = try makeEditor(directory.file())  // waits for it
    let restored = relaunched.text.value
    relaunched.history.undo()

    #expect(restored == "Dear Ada, hello")
    #expect(relaunched.text.value == "Dear Ada,")
    #expect(relaunched.history.status.value.undoCount == 1)
  }

  @Test func whileTheStoreLivesItsChangesAreWrittenAfterTheQuietPeriod() async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let draft = try PersistentHistory(
      file: directory.file(), quietPeriod: .milliseconds(500), clock: clock, default: "")
    let store = EditorStore(text: draft.variable, history: draft.history)
    let saves = TestRecorder(draft.saves)  // the app may watch `saves`; it keeps only that
    weak let setUp = draft
    _ = consume draft

    store.text.value = "Dear Ada,"
    try await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(500))
    let written = try await saves.waitForValues(count: 2)

    #expect(setUp == nil)
    #expect(written == [0, 1])
    #expect(
      try savedValue(in: directory.file(), as: UndoHistory<String>.Archive.self)
        == UndoHistory.Archive(past: [.init(value: "", label: nil)], present: "Dear Ada,"))
  }

  @Test func anUndoWhileOnlyTheHistoryIsKeptIsSaved() throws {
    let directory = TemporaryDirectory()
    do {
      let history: UndoHistory<String>
      do {
        let store = try makeEditor(directory.file())
        store.text.value = "Dear Ada,"
        history = store.history
      }
      history.undo()  // the history keeps its state, and the saving with it
    }

    let relaunched = try makeEditor(directory.file())

    #expect(relaunched.text.value == "")
    #expect(relaunched.history.status.value.redoCount == 1)
  }

  @Test func afterCloseAChangeIsNotSavedAndSaysSo() async throws {
    let directory = TemporaryDirectory()
    let draft = try PersistentHistory(
      file: directory.file(), quietPeriod: .seconds(3_600), default: "")
    let errors = TestRecorder(draft.saveError)
    draft.variable.value = "Dear Ada,"

    try draft.close()
    draft.variable.value = "Dear Charles,"
    let reported = try await errors.waitForValues(count: 2)
    let reopened = try PersistentHistory(file: directory.file(), default: "")

    #expect(reported.last??.kind == .closed)
    #expect(reopened.variable.value == "Dear Ada,")
  }

  @Test func aHistoryThatUndoesFromThePresentIsSavedWithTheStatesItKeeps() throws {
    let directory = TemporaryDirectory()
    do {
      let draft = try PersistentHistory(
        file: directory.file(), revert: .byElement, default: [Note(id: 1, text: "a")])
      draft.variable.value[0].text = "b"  // a step
      draft.history.pause()
      draft.variable.value.append(Note(id: 2, text: "synced"))  // not a step
      draft.history.resume()
      try draft.flush()
    }

    let relaunched = try PersistentHistory(
      file: directory.file(), revert: .byElement, default: [Note]())
    relaunched.history.undo()

    #expect(relaunched.variable.value == [Note(id: 1, text: "a"), Note(id: 2, text: "synced")])
  }
}

/// A note of a list, undone by element.
private struct Note: Identifiable, Codable, Equatable, Sendable {
  let id: Int
  var text: String
}

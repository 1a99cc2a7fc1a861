import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Undo after a relaunch: a state and its history, saved in one file and
/// restored together.
@Suite struct PersistentHistoryTests {
  final class NotesDispatcher: DispatcherType {
    static let shared = NotesDispatcher()
    let text = DispatchSubject<String>()
  }

  /// Opens the history in `directory`, sets `texts` through actions, and
  /// flushes; returns the history, kept open.
  private func session(
    in directory: TemporaryDirectory, maxSteps: Int = 100, _ texts: [String] = [],
    then: (PersistentHistory<String>) -> Void = { _ in }
  ) throws -> PersistentHistory<String> {
    let dispatcher = NotesDispatcher()
    let saved = try PersistentHistory(
      file: directory.file(), maxSteps: maxSteps, clock: TestClock(), default: "")
    let binding = AnyObservableDispatcher(dispatcher).text.subscribe { saved.variable.value = $0 }
    for text in texts { AnyObserverDispatcher(dispatcher).text.dispatch(text) }
    then(saved)
    binding.dispose()
    try saved.flush()
    return saved
  }

  /// Freed with changes not yet due, it writes them, steps and all, once
  /// its state is freed too: a change made after it was freed is saved.
  @Test func freeingItWritesWhatChangedAndALaterChangeIsSavedToo() throws {
    let directory = TemporaryDirectory()
    do {
      let text: Variable<String>
      do {
        let notes = try PersistentHistory(
          file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(), default: "")
        text = notes.variable
        text.value = "Dear Ada,"
      }
      text.value = "Dear Ada, hello"
    }

    let relaunched = try PersistentHistory(file: directory.file(), default: "")
    let restored = relaunched.variable.value
    relaunched.history.undo()

    #expect(relaunched.restoration == .restored(fromVersion: 1))
    #expect(restored == "Dear Ada, hello")
    #expect(relaunched.variable.value == "")  // the steps its history left: one, to ""
  }

  @Test func aRelaunchRestoresTheStateAndItsStepsWithTheirLabels() throws {
    let directory = TemporaryDirectory()
    _ = try session(in: directory, ["a", "b", "c"])

    let relaunched = try session(in: directory)
    let restored = relaunched.variable.value
    let label = relaunched.history.undoLabel.value
    relaunched.history.undo()

    #expect(relaunched.restoration == .restored(fromVersion: 1))
    #expect(restored == "c")
    #expect(label == "NotesDispatcher.text")
    #expect(relaunched.variable.value == "b")
    #expect(relaunched.history.status.value.undoCount == 2)
  }

  @Test func undoneStepsComeBackAsRedoSteps() throws {
    let directory = TemporaryDirectory()
    _ = try session(in: directory, ["a", "b"]) { $0.history.undo() }

    let relaunched = try session(in: directory)
    let restored = relaunched.variable.value
    relaunched.history.redo()

    #expect(restored == "a")
    #expect(relaunched.variable.value == "b")
  }

  @Test func theFileHoldsThePastThePresentAndTheFuture() throws {
    let directory = TemporaryDirectory()

    _ = try session(in: directory, ["a", "b"]) { $0.history.undo() }

    let saved = try savedValue(in: directory.file(), as: UndoHistory<String>.Archive.self)
    #expect(
      saved
        == UndoHistory.Archive(
          past: [.init(value: "", label: "NotesDispatcher.text")], present: "a",
          future: [.init(value: "b", label: "NotesDispatcher.text")]))
  }

  @Test func theBoundsOfTheRelaunchedHistoryApplyToTheRestoredSteps() throws {
    let directory = TemporaryDirectory()
    _ = try session(in: directory, ["a", "b", "c", "d"])

    let relaunched = try session(in: directory, maxSteps: 2)
    relaunched.history.undo(steps: 10)

    #expect(relaunched.variable.value == "b")
  }

  @Test func undoAndRedoAreSavedLikeAnyChange() throws {
    let directory = TemporaryDirectory()
    let saved = try session(in: directory, ["a", "b"])
    let saves = saved.saves.value

    saved.history.undo()
    try saved.flush()

    #expect(saved.saves.value == saves + 1)
    #expect(
      try savedValue(in: directory.file(), as: UndoHistory<String>.Archive.self).present == "a")
  }

  @Test func clearingTheHistoryIsSavedThoughTheStateStaysTheSame() throws {
    let directory = TemporaryDirectory()
    do {
      let saved = try session(in: directory, ["a", "b"])
      saved.history.clear()
      try saved.flush()
    }

    let relaunched = try session(in: directory)

    #expect(relaunched.variable.value == "b")
    #expect(!relaunched.history.canUndo.value)
  }

  @Test func aFileReadOnlyLaterBringsBackItsStateAndItsSteps() throws {
    let directory = TemporaryDirectory()
    _ = try session(in: directory, ["a", "b"])
    let recorded = RecordedCalls(in: directory)
    recorded.failReads(with: EIO)
    let saved = try PersistentHistory(
      file: directory.file(), clock: TestClock(), operations: recorded.operations, default: "")
    let whileUnread = (saved.variable.value, saved.history.status.value.undoCount)

    recorded.failReads(with: nil)
    saved.reload()
    saved.history.undo()

    #expect(whileUnread == ("", 0))
    #expect(saved.variable.value == "a")
    #expect(saved.history.status.value.undoCount == 1)
  }
}

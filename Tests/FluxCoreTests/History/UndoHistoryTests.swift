import FluxCore
import FluxCoreTesting
import XCTest

/// Each operation of `UndoHistory`, on one thread: undo, redo, several
/// steps, jump, clear, pause and resume, and what a new change does to the
/// redo steps.
final class UndoHistoryTests: XCTestCase {
  private func history(
    _ values: String..., maxSteps: Int = 100,
    isStep:
      @escaping @Sendable (
        UndoHistory<String>.Change
      ) -> Bool = { _ in true }
  ) -> (Variable<String>, UndoHistory<String>) {
    let text = Variable("")
    let history = UndoHistory(of: text, maxSteps: maxSteps, isStep: isStep)
    for value in values { text.value = value }
    return (text, history)
  }

  func testEachChangeIsAStepAndUndoGoesBackOneStepAtATime() {
    let (text, history) = history("a", "b", "c")
    var seen: [String] = []

    for _ in 0..<3 {
      history.undo()
      seen.append(text.value)
    }

    XCTAssertEqual(seen, ["b", "a", ""])
    XCTAssertEqual(history.timeline, "[] a b c")
    XCTAssertEqual(history.status.value.undoCount, 0)
    XCTAssertEqual(history.status.value.redoCount, 3)
  }

  func testRedoGoesForwardAgainInOrder() {
    let (text, history) = history("a", "b", "c")
    history.undo(steps: 3)
    var seen: [String] = []

    for _ in 0..<3 {
      history.redo()
      seen.append(text.value)
    }

    XCTAssertEqual(seen, ["a", "b", "c"])
    XCTAssertEqual(history.timeline, " a b [c]")
  }

  func testUndoAndRedoOfSeveralStepsAreOneChangeOfTheState() {
    let (text, history) = history("a", "b", "c", "d")
    let changes = TestRecorder(text.changed)

    history.undo(steps: 3)
    history.redo(steps: 2)

    XCTAssertEqual(changes.values, ["a", "c"])
    XCTAssertEqual(history.timeline, " a b [c] d")
  }

  func testUndoAndRedoAreChangesThatEverySubscriberSees() {
    let (text, history) = history("a", "b")
    let first = TestRecorder(text)
    let second = TestRecorder(text.asProperty().changed)

    history.undo()
    history.redo()

    XCTAssertEqual(first.values, ["b", "a", "b"])
    XCTAssertEqual(second.values, ["a", "b"])
  }

  func testCountsBeyondTheStepsThereAreDoWhatTheyCanAndCountsBelowOneDoNothing() {
    let (text, history) = history("a", "b")
    let changes = TestRecorder(text.changed)

    history.undo(steps: 0)
    history.undo(steps: -5)
    history.redo()
    history.undo(steps: .max)
    history.redo(steps: .min)
    history.redo(steps: .max)

    XCTAssertEqual(changes.values, ["", "b"])
    XCTAssertEqual(history.timeline, " a [b]")
  }

  func testUndoWithNothingToUndoChangesNothing() {
    let (text, history) = history()
    let changes = TestRecorder(text.changed)

    history.undo()
    history.redo()

    XCTAssertEqual(changes.values, [])
    XCTAssertFalse(history.canUndo.value)
    XCTAssertFalse(history.canRedo.value)
  }

  func testJumpGoesToAPositionOfTheTimelineInOneChange() {
    let (text, history) = history("a", "b", "c")
    let changes = TestRecorder(text.changed)

    history.jump(to: 1)
    history.jump(to: 3)
    history.jump(to: 0)
    history.jump(to: 0)

    XCTAssertEqual(changes.values, ["a", "c", ""])
    XCTAssertEqual(history.timeline, "[] a b c")
  }

  func testAJumpOutOfRangeGoesToTheNearestEnd() {
    let (text, history) = history("a", "b")

    history.jump(to: -1)
    let atStart = text.value
    history.jump(to: .max)

    XCTAssertEqual(atStart, "")
    XCTAssertEqual(text.value, "b")
  }

  func testANewChangeAfterAnUndoDropsTheRedoSteps() {
    let (text, history) = history("a", "b", "c")
    history.undo(steps: 2)

    text.value = "x"

    XCTAssertEqual(history.timeline, " a [x]")
    XCTAssertFalse(history.canRedo.value)
    history.redo()
    XCTAssertEqual(text.value, "x")
  }

  func testClearForgetsEveryStepAndKeepsTheState() {
    let (text, history) = history("a", "b", "c")
    history.undo()

    history.clear()

    XCTAssertEqual(text.value, "b")
    XCTAssertEqual(history.timeline, "[b]")
    XCTAssertEqual(history.status.value.undoCount + history.status.value.redoCount, 0)
    XCTAssertEqual(history.status.value.byteCount, 0)
  }

  func testChangesWhilePausedAreNotStepsUntilResumed() {
    let (text, history) = history("a")

    history.pause()
    text.value = "b"
    text.value = "c"
    let paused = history.status.value
    history.resume()
    text.value = "d"
    history.undo()

    XCTAssertTrue(paused.isPaused)
    XCTAssertEqual(paused.undoCount, 1)
    XCTAssertEqual(text.value, "c")
    XCTAssertEqual(history.timeline, " [c] d")  // undo goes back to where the pause left it
  }

  func testAChangeTheFilterRejectsIsNotAStepAndKeepsTheRedoSteps() {
    let (text, history) = history("a", "b", isStep: { !$0.after.hasPrefix("loading") })
    history.undo()

    text.value = "loading a"

    XCTAssertEqual(history.timeline, " [loading a] b")
    history.redo()
    XCTAssertEqual(text.value, "b")
  }

  func testAChangeEqualToThePresentIsNotAStep() {
    let (text, history) = history("a")

    text.value = "a"
    text.update { $0 += "" }

    XCTAssertEqual(history.timeline, " [a]")
  }

  func testAFreedHistoryStopsRecordingAndLetsTheStateGo() {
    let text = Variable("")
    weak var freed: UndoHistory<String>?
    do {
      let history = UndoHistory(of: text)
      text.value = "a"
      freed = history
    }

    text.value = "b"

    XCTAssertNil(freed)
    XCTAssertEqual(text.subscriptionCount, 0)
  }
}

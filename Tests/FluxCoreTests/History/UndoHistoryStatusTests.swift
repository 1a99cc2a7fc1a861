import FluxCore
import FluxCoreTesting
import XCTest

/// A history a view can show: every step, undo, redo, jump, clear and step
/// dropped by the bounds changes `status`, so that a view of the kept
/// states draws them again.
final class UndoHistoryStatusTests: XCTestCase {
  func testAStepThatTheLimitDropsForANewOneChangesTheStatus() {
    let text = Variable("")
    let history = UndoHistory(of: text, maxSteps: 2, size: { _ in 1 })
    text.value = "a"
    text.value = "b"
    let statuses = TestRecorder(history.status.changed)
    let before = history.archive.past.map(\.value)

    text.value = "c"  // same counts, labels and bytes: "" is dropped for "b"

    XCTAssertEqual(before, ["", "a"])
    XCTAssertEqual(history.archive.past.map(\.value), ["a", "b"])
    XCTAssertEqual(statuses.values.count, 1)
    XCTAssertEqual(statuses.values.first?.undoCount, 2)
  }

  func testEveryStepUndoRedoJumpAndClearGivesANewRevision() {
    let text = Variable("")
    let history = UndoHistory(of: text)
    var revisions = [history.status.value.revision]
    func note() { revisions.append(history.status.value.revision) }

    text.value = "a"
    note()
    text.value = "b"
    note()
    history.undo()
    note()
    history.redo()
    note()
    history.jump(to: 0)
    note()
    history.clear()
    note()

    XCTAssertEqual(Set(revisions).count, revisions.count, "\(revisions)")
    XCTAssertEqual(revisions, revisions.sorted())
  }

  func testAChangeThatIsNotAStepKeepsTheRevision() {
    let text = Variable("")
    let history = UndoHistory(of: text, isStep: { !$0.after.hasPrefix("loading") })
    text.value = "a"
    let revision = history.status.value.revision

    text.value = "loading"

    XCTAssertEqual(history.status.value.revision, revision)
  }
}

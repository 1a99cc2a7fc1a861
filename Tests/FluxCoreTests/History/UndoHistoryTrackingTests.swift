import FluxCore
import FluxCoreTesting
import XCTest

/// A history of a part of the state (zundo's `partialize`): it keeps,
/// compares and restores the part only, and an undo writes it back into
/// the state as it is then.
final class UndoHistoryTrackingTests: XCTestCase {
  private func screen() -> (Variable<TodoScreen>, UndoHistory<[Todo]>) {
    let screen = Variable(TodoScreen(todos: [Todo(id: 1, title: ""), Todo(id: 2, title: "")]))
    return (screen, UndoHistory(of: screen, tracking: \.todos))
  }

  func testAnUndoRestoresThePartAndLeavesTheRestAsItIsNow() {
    let (screen, history) = screen()
    screen.value.todos[0].isDone = true

    screen.value.isLoading = true
    screen.value.selection = 2
    history.undo()

    XCTAssertEqual(screen.value.todos.text, "1 2")
    XCTAssertTrue(screen.value.isLoading)
    XCTAssertEqual(screen.value.selection, 2)
  }

  func testAChangeOfTheRestIsNotAStep() {
    let (screen, history) = screen()

    screen.value.isLoading = true
    screen.value.selection = 1

    XCTAssertFalse(history.canUndo.value)
    XCTAssertEqual(history.archive.present.text, "1 2")
  }

  func testTheHistoryKeepsAndMeasuresThePartOnly() {
    let screen = Variable(TodoScreen())
    let history = UndoHistory(of: screen, tracking: \.selection, size: { _ in 1 })

    screen.value.selection = 1
    screen.value.todos = [Todo(id: 1, title: "")]
    screen.value.selection = 2

    XCTAssertEqual(history.archive.past.map(\.value), [nil, 1])
    XCTAssertEqual(history.archive.present, 2)
    XCTAssertEqual(history.status.value.byteCount, 2)
  }

  func testRedoJumpAndGroupsWorkOnThePart() {
    let (screen, history) = screen()
    history.group(label: "Finish all") {
      screen.value.todos[0].isDone = true
      screen.value.todos[1].isDone = true
    }
    screen.value.todos.append(Todo(id: 3, title: ""))

    history.jump(to: 0)
    screen.value.isLoading = true
    history.redo()
    let redone = screen.value

    XCTAssertEqual(redone.todos.text, "1✓ 2✓")
    XCTAssertTrue(redone.isLoading)
    XCTAssertEqual(history.undoLabel.value, "Finish all")
  }

  func testThePartCanUndoFromThePresentToo() {
    let screen = Variable(TodoScreen(todos: [Todo(id: 1, title: ""), Todo(id: 2, title: "")]))
    let history = UndoHistory(
      of: screen, tracking: \.todos, revert: .byElement, isStep: { $0.action == nil })
    screen.value.todos[0].isDone = true
    ActionContext.with(DispatchRecord(label: "sync", value: 0)) {
      screen.value.todos.append(Todo(id: 3, title: ""))  // not a step
    }

    history.undo()

    XCTAssertEqual(screen.value.todos.text, "1 2 3")
  }

  func testAFreedPartHistoryLetsTheStateGo() {
    let screen = Variable(TodoScreen())
    weak var freed: UndoHistory<Int?>?
    do {
      let history = UndoHistory(of: screen, tracking: \.selection, size: { _ in 1 })
      screen.value.selection = 1
      freed = history
    }

    XCTAssertNil(freed)
    XCTAssertEqual(screen.subscriptionCount, 0)
  }
}

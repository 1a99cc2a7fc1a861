import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// Undo from the present and histories of a part, from real threads at
/// once, many times: the history agrees with the state, counts what it
/// keeps, and never takes back what it does not track.
final class UndoRevertConcurrencyTests: XCTestCase {
  /// 100 by default; `FLUXCORE_HISTORY_ITERATIONS=N` for a soak.
  private let iterations =
    Int(ProcessInfo.processInfo.environment["FLUXCORE_HISTORY_ITERATIONS"] ?? "") ?? 100
  private let threads = 4

  func testUndosFromThePresentRacingWithChangesKeepTheHistoryConsistent() async throws {
    for _ in 0..<iterations {
      let todos = Variable((1...8).map { Todo(id: $0, title: "") })
      let history = UndoHistory(
        of: todos, revert: .byElement, maxSteps: .max, size: { $0.count },
        isStep: { $0.after.count == $0.before.count })  // adding a task is a sync

      runOnThreads(threads) { thread in
        for index in 0..<20 {
          switch thread {
          case 0: if index % 3 == 2 { history.redo() } else { history.undo(steps: index % 2 + 1) }
          case 1: todos.update { $0.append(Todo(id: 100 + index, title: "")) }
          default: todos.update { $0[(thread * 3 + index) % $0.count].isDone.toggle() }
          }
        }
      }
      try await history.settle()

      let archive = history.archive
      let kept = archive.past + archive.future
      XCTAssertEqual(archive.present, todos.value)
      XCTAssertEqual(
        history.status.value.byteCount,
        kept.map { $0.value.count + ($0.counterpart?.count ?? 0) }.reduce(0, +))
      XCTAssertEqual(history.status.value.undoCount, archive.past.count)
      history.jump(to: 0)
      try await history.settle()
      XCTAssertEqual(todos.value.filter { $0.id >= 100 }.count, 20, todos.value.text)
    }
  }

  func testUndosOfAPartRacingWithChangesOfTheRestNeverTakeTheRestBack() async throws {
    for _ in 0..<iterations {
      let screen = Variable(TodoScreen(todos: (1...4).map { Todo(id: $0, title: "") }))
      let history = UndoHistory(of: screen, tracking: \.todos, maxSteps: .max)

      runOnThreads(threads) { thread in
        for index in 0..<20 {
          switch thread {
          case 0: index % 3 == 2 ? history.redo() : history.undo()
          case 1: screen.update { $0.selection = index }
          default: screen.update { $0.todos[(thread + index) % 4].isDone.toggle() }
          }
        }
      }
      try await history.settle()

      XCTAssertEqual(screen.value.selection, 19)
      XCTAssertEqual(history.archive.present, screen.value.todos)
      history.jump(to: 0)
      try await history.settle()
      XCTAssertEqual(screen.value.todos.text, "1 2 3 4")
      XCTAssertEqual(screen.value.selection, 19)
    }
  }
}

import FluxCore
import FluxCoreTesting
import XCTest

/// An undo takes back its step, and only its step: with a revert from the
/// present (the app's own inverse, or `.byElement`), what changed since
/// without being a step (a sync that replaced the list) stays.
final class UndoRevertTests: XCTestCase {
  private let tasks = [Todo(id: 1, title: ""), Todo(id: 2, title: "")]
  /// The server's list: task 2 renamed, task 3 added, and task 1 as the
  /// user left it.
  private func server(_ store: TodoStore) -> [Todo] {
    var list = store.todos.value
    list[1].title = "Call Ada"
    return list + [Todo(id: 3, title: "Buy milk")]
  }

  private func store(_ revert: UndoRevert<[Todo]>) -> (
    TodoStore, AnyObserverDispatcher<TodoDispatcher>
  ) {
    let dispatcher = TodoDispatcher()
    return (TodoStore(tasks, dispatcher: dispatcher, revert: revert), .init(dispatcher))
  }

  func testWithTheDefaultSnapshotAnUndoAlsoTakesBackTheSyncAfterTheStep() {
    let (store, actions) = store(.snapshot)
    actions.finish.dispatch(1)
    actions.synced.dispatch(server(store))

    actions.undo.dispatch(.undo())

    XCTAssertEqual(store.todos.value.text, "1 2")  // task 3 gone: what the issue reports
  }

  /// Finishes task 1, lets the sync replace the list, then undoes and
  /// redoes: what the list is after each.
  private func finishSyncUndoRedo(_ revert: UndoRevert<[Todo]>) -> (String, String) {
    let (store, actions) = store(revert)
    actions.finish.dispatch(1)
    actions.synced.dispatch(server(store))

    actions.undo.dispatch(.undo())
    let undone = store.todos.value.text
    actions.undo.dispatch(.redo())
    return (undone, store.todos.value.text)
  }

  func testTheAppsOwnInverseUndoesTheFinishedTaskAndKeepsWhatTheSyncChanged() {
    let (undone, redone) = finishSyncUndoRedo(.inverseOfFinish)

    XCTAssertEqual(undone, "1 2:Call Ada 3:Buy milk")
    XCTAssertEqual(redone, "1✓ 2:Call Ada 3:Buy milk")
  }

  func testByElementUndoesTheFinishedTaskAndKeepsWhatTheSyncChanged() {
    let (undone, redone) = finishSyncUndoRedo(.byElement)

    XCTAssertEqual(undone, "1 2:Call Ada 3:Buy milk")
    XCTAssertEqual(redone, "1✓ 2:Call Ada 3:Buy milk")
  }

  func testByElementPutsARemovedTaskBackAtItsPlaceAndTakesAnAddedOneAway() {
    let (store, actions) = store(.byElement)
    actions.remove.dispatch(1)
    actions.add.dispatch(Todo(id: 4, title: "Write"))
    actions.synced.dispatch([Todo(id: 0, title: "First")] + store.todos.value)

    actions.undo.dispatch(.undo(steps: 2))

    XCTAssertEqual(store.todos.value.text, "1 0:First 2")  // 1 first, where it was
  }

  func testByElementPutsAMovedTaskBackAfterTheTaskItFollowed() {
    let (store, actions) = store(.byElement)
    actions.add.dispatch(Todo(id: 3, title: ""))
    actions.move.dispatch(3)  // 3 1 2
    actions.synced.dispatch(store.todos.value.filter { $0.id != 1 })

    actions.undo.dispatch(.undo())

    XCTAssertEqual(store.todos.value.text, "2 3")  // after 2, as before the move
  }

  func testAnUndoOfSeveralStepsTakesEachBackFromThePresentNewestFirst() {
    let (store, actions) = store(.inverseOfFinish)
    actions.finish.dispatch(1)
    actions.finish.dispatch(2)
    actions.synced.dispatch(server(store))

    store.history.jump(to: 0)
    let atStart = store.todos.value.text
    store.history.jump(to: 2)

    XCTAssertEqual(atStart, "1 2:Call Ada 3:Buy milk")
    XCTAssertEqual(store.todos.value.text, "1✓ 2✓:Call Ada 3:Buy milk")
    XCTAssertEqual(store.history.status.value.undoCount, 2)
  }

  func testAStepCarriesItsStatesItsLabelAndTheActionsThatMadeIt() {
    let seen = Lock<[UndoHistory<[Todo]>.Step]>([])
    let dispatcher = TodoDispatcher()
    let store = TodoStore(
      tasks, dispatcher: dispatcher,
      revert: UndoRevert(
        undo: { present, step in
          seen.withLock { $0.append(step) }
          return step.before
        }, redo: { _, step in step.after }))
    let actions = AnyObserverDispatcher(dispatcher)

    store.history.group(label: "Finish both") {
      actions.finish.dispatch(1)
      actions.finish.dispatch(2)
    }
    actions.synced.dispatch(server(store))
    store.history.undo()

    let step = seen.withLock { $0 }.first
    XCTAssertEqual(step?.before.text, "1 2")
    XCTAssertEqual(step?.after.text, "1✓ 2✓")  // not the synced list: the step's own
    XCTAssertEqual(step?.label, "Finish both")
    XCTAssertEqual(
      step?.actions.map(\.description), ["TodoDispatcher.finish ← 1", "TodoDispatcher.finish ← 2"])
  }

  func testANewStepAfterAnUndoFromThePresentDropsTheRedoSteps() {
    let (store, actions) = store(.byElement)
    actions.finish.dispatch(1)
    actions.undo.dispatch(.undo())

    actions.finish.dispatch(2)
    actions.undo.dispatch(.redo())

    XCTAssertEqual(store.todos.value.text, "1 2✓")
    XCTAssertFalse(store.history.canRedo.value)
  }

  func testTheByteBoundCountsTheStatesAStepKeepsForAnUndoFromThePresent() {
    let (store, actions) = store(.byElement)  // a state measures its count of tasks

    actions.finish.dispatch(1)
    let oneState = store.history.status.value.byteCount
    actions.synced.dispatch(server(store))  // the step keeps its own state after
    let twoStates = store.history.status.value.byteCount
    actions.undo.dispatch(.undo())  // the step to redo keeps both its states

    let records = MemoryLayout<DispatchRecord>.stride
    XCTAssertEqual(oneState, 2 + records)
    XCTAssertEqual(twoStates, 2 + 2 + records)
    XCTAssertEqual(store.history.status.value.byteCount, 2 + 2 + records)
  }

  func testAnArchiveKeepsTheStatesAnUndoFromThePresentNeedsAcrossARestore() {
    let (store, actions) = store(.byElement)
    actions.finish.dispatch(1)
    actions.synced.dispatch(server(store))
    let archive = store.history.archive
    let relaunched = Variable(store.todos.value)

    let history = UndoHistory(
      of: relaunched, restoring: archive, revert: .byElement, size: { $0.count })
    history.undo()

    XCTAssertEqual(archive.past.first?.counterpart?.text, "1✓ 2")
    XCTAssertEqual(relaunched.value.text, "1 2:Call Ada 3:Buy milk")
  }
}

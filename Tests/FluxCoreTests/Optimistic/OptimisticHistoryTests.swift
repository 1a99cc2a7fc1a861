import FluxCore
import FluxCoreTesting
import XCTest

/// An undo history of an optimistic state's confirmed value: writes become
/// steps once confirmed, a rolled-back write never does, and an undo
/// changes the confirmed value under the writes still pending.
final class OptimisticHistoryTests: XCTestCase {
  final class StarDispatcher: DispatcherType {
    static let shared = StarDispatcher()
    let confirmed = DispatchSubject<String>()
  }

  private func star(_ name: String) -> @Sendable (inout Set<String>) -> Void {
    { $0.insert(name) }
  }

  func testAWriteIsAStepOnceConfirmedLabelledWithTheActionThatConfirmedIt() {
    let dispatcher = StarDispatcher()
    let favorites = Variable(Set<String>())
    let optimistic = OptimisticState(of: favorites)
    let history = UndoHistory(ofConfirmed: optimistic) { action in "Star \(action.value)" }
    let write = optimistic.apply(star("JSON Kit"))
    let stepsWhilePending = history.status.value.undoCount
    let confirming = dispatcher.confirmed.subscribe { _ in write.confirm() }

    AnyObserverDispatcher(dispatcher).confirmed.dispatch("JSON Kit")

    XCTAssertEqual(stepsWhilePending, 0)
    XCTAssertEqual(history.undoLabel.value, "Star JSON Kit")
    confirming.dispose()
  }

  func testARolledBackWriteIsNeverAStep() {
    let favorites = Variable(Set<String>())
    let optimistic = OptimisticState(of: favorites)
    let history = UndoHistory(ofConfirmed: optimistic)

    optimistic.apply(star("a")).rollBack()

    XCTAssertFalse(history.canUndo.value)
    XCTAssertEqual(favorites.value, [])
  }

  func testAnUndoChangesTheConfirmedValueAndTheWritesStillPendingStayOnTop() {
    let favorites = Variable(Set<String>())
    let optimistic = OptimisticState(of: favorites)
    let history = UndoHistory(ofConfirmed: optimistic)
    optimistic.apply(star("a")).confirm()
    let pending = optimistic.apply(star("b"))

    history.undo()
    let afterUndo = (favorites.value, optimistic.confirmed.value)
    pending.rollBack()
    history.redo()

    XCTAssertEqual(afterUndo.0, ["b"])
    XCTAssertEqual(afterUndo.1, [])
    XCTAssertEqual(favorites.value, ["a"])
  }

  func testAWriteConfirmedAfterAnEarlierOneFailedIsAStepLabelledByItsOwnConfirmation() {
    let dispatcher = StarDispatcher()
    let favorites = Variable(Set<String>())
    let optimistic = OptimisticState(of: favorites)
    let history = UndoHistory(ofConfirmed: optimistic) { action in "Star \(action.value)" }
    let first = optimistic.apply(star("a"))
    let second = optimistic.apply(star("b"))
    let confirming = dispatcher.confirmed.subscribe { _ in second.confirm() }
    AnyObserverDispatcher(dispatcher).confirmed.dispatch("b")

    first.rollBack()  // outside any action: the fold of "b" keeps its label

    XCTAssertEqual(history.undoLabel.value, "Star b")
    XCTAssertEqual(optimistic.confirmed.value, ["b"])
    confirming.dispose()
  }
}

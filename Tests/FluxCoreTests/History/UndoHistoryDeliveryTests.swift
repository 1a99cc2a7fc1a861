import Dispatch
import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// An undo whose write cannot be delivered on the spot, because another
/// thread is delivering the state: it lands right after, and a state whose
/// `==` is not reflexive never leaves the history waiting for it.
final class UndoHistoryDeliveryTests: XCTestCase {
  /// A state with a NaN inside: not even equal to itself.
  private struct Measurement: Equatable, Sendable {
    var label: String
    var reading = Double.nan
  }

  func testAnUndoQueuedBehindAnotherThreadsDeliveryLandsOnceThatDeliveryLetsItThrough() async throws
  {
    let text = Variable("")
    let history = UndoHistory(of: text)
    text.value = "a"
    let held = try XCTUnwrap(HeldDelivery(of: text, setting: "b"))

    history.undo()
    let whileHeld = (text.value, history.status.value.undoCount)
    XCTAssertTrue(held.release())
    try await history.settle()

    XCTAssertEqual(whileHeld.0, "a")  // written, not yet delivered
    XCTAssertEqual(whileHeld.1, 2)
    XCTAssertEqual(history.timeline, " [a] b")
  }

  func testCommandsSentWhileAnUndoIsOnItsWayRunInOrderAfterIt() async throws {
    let text = Variable("")
    let history = UndoHistory(of: text)
    text.value = "a"
    let held = try XCTUnwrap(HeldDelivery(of: text, setting: "b"))

    history.undo()
    history.undo()
    history.redo()
    history.pause()
    XCTAssertTrue(held.release())
    try await history.settle()

    XCTAssertEqual(text.value, "a")
    XCTAssertEqual(history.timeline, " [a] b")
    XCTAssertTrue(history.status.value.isPaused)
  }

  func testAStateWhoseEqualityIsNotReflexiveNeverLeavesTheHistoryWaiting() async throws {
    let state = Variable(Measurement(label: "a"))
    let history = UndoHistory(of: state, size: { _ in 1 })
    state.value = Measurement(label: "b")
    let held = try XCTUnwrap(HeldDelivery(of: state, setting: Measurement(label: "c")))

    history.undo()  // its write comes back unrecognized: NaN != NaN
    history.clear()  // waits for it
    XCTAssertTrue(held.release())
    try await history.settle()

    XCTAssertEqual(state.value.label, "b")
    XCTAssertEqual(history.status.value.undoCount, 0)  // cleared after the undo landed
  }

  func testOnOneThreadAStateWhoseEqualityIsNotReflexiveUndoesAndRedoes() {
    let state = Variable(Measurement(label: "a"))
    let history = UndoHistory(of: state, size: { _ in 1 })
    state.value = Measurement(label: "b")
    state.value = Measurement(label: "c")

    history.undo()
    let undone = state.value.label
    history.redo()

    XCTAssertEqual(undone, "b")
    XCTAssertEqual(state.value.label, "c")
    XCTAssertEqual(history.archive.past.map(\.value.label), ["a", "b"])
  }
}

/// `waitUntilDelivered()` returns only once the history has taken in what
/// was sent before it, even while its own subject is held up by a slow
/// handler on another thread.
final class UndoHistoryWaitTests: XCTestCase {
  func testWaitingReturnsOnlyOnceTheHistoryHasTakenInWhatWasSentBefore() async throws {
    let dispatcher = EditorDispatcher()
    let entered = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    let released = Lock(false)
    let store = EditorStore(dispatcher: dispatcher) { action in
      if case .undo = action.value as? UndoCommand {
        entered.signal()
        letGo.wait()  // the history's handler, held up by its label
      }
      return action.label
    }
    let actions = AnyObserverDispatcher(dispatcher)
    actions.text.dispatch("a")
    actions.text.dispatch("ab")
    let undoing = Thread { actions.undo.dispatch(.undo()) }
    undoing.start()
    XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)

    store.variable.value.text = "abc"  // queued behind the held undo
    let waited = Task {
      await store.history.waitUntilDelivered()
      return (released.withLock { $0 }, store.history.archive.present, store.variable.value)
    }
    released.withLock { $0 = true }
    letGo.signal()
    let (wasReleased, present, value) = try await withTimeout { await waited.value }

    XCTAssertTrue(wasReleased, "returned while the history was held up")
    XCTAssertEqual(present, value)
    XCTAssertEqual(value.text, "a")  // the undo, planned before "abc" arrived, lands after it
  }
}

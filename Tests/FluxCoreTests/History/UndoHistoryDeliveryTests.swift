import FluxCore
import FluxCoreTesting
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

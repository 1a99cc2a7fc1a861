import Dispatch
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

@testable import FluxCore

/// The lane of an `UndoHistory`, at the two moments where what reaches it
/// from other threads meets what it does itself: a write of its own that
/// comes back after a later one was issued, and a caller of
/// `waitUntilDelivered()` that finds its events handled.
final class UndoHistoryLaneOrderTests: XCTestCase {
  /// An undo's own delivery, coming back after the undo landed by value and
  /// a redo was issued, is not the redo's: the redo lands with its own.
  ///
  /// The lane is held while it handles the undo (in the label of its
  /// action), and meanwhile another thread writes the state to the undo's
  /// target (the undo lands by it) and asks for a redo. So the lane takes,
  /// in this order: that write, the redo (issued: on its way), the undo's
  /// own delivery, the redo's own delivery.
  func testAnEarlierWritesOwnDeliveryDoesNotLandTheWriteOnItsWay() async throws {
    let holding = Lock(false)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher) { action in
      if action.label.hasSuffix(".undo"), holding.withLock({ $0 }) {
        holding.withLock { $0 = false }
        entered.signal()
        _ = release.wait(timeout: .now() + 60)
      }
      return action.label
    }
    let actions = AnyObserverDispatcher(dispatcher)
    actions.text.dispatch("a")
    actions.text.dispatch("b")
    XCTAssertEqual(store.history.texts, "∅ a [b]")

    holding.withLock { $0 = true }
    let undone = DispatchSemaphore(value: 0)
    Thread {
      actions.undo.dispatch(.undo())  // held in its label until released
      undone.signal()
    }.start()
    defer { release.signal() }  // if the test failed before it let the lane go on
    guard entered.wait(timeout: .now() + 10) == .success else {
      return XCTFail("the undo did not reach the lane in 10 s: the machine is too slow")
    }
    store.variable.value = Document(text: "a")  // the undo's target, from another thread
    store.history.redo()
    release.signal()
    guard undone.wait(timeout: .now() + 10) == .success else {
      return XCTFail("the lane did not finish in 10 s after its release: the machine is too slow")
    }
    try await store.history.settle()

    XCTAssertEqual(store.history.texts, "∅ a [b]", "the redo undid the undo, and nothing more")
    XCTAssertEqual(store.history.status.value.undoCount, 2)
    XCTAssertEqual(store.history.status.value.redoCount, 0)
  }

  /// A caller that finds the events it waits for handled finds the status
  /// they left.
  ///
  /// `waitUntilDelivered()` returns at once when every event sent so far has
  /// been counted handled and nothing of the history's own is on its way.
  /// The lane's hook runs between the two things it does after each event,
  /// publishing its status and counting it handled; there, whenever a
  /// caller would return at once, the status published must already be the
  /// one the events left. For an undo (its command, then its own delivery)
  /// and a change from another thread.
  func testACallerThatFindsItsEventsHandledFindsTheStatusTheyLeft() async throws {
    let variable = Variable("")
    let history = UndoHistory(of: variable, clock: TestClock())
    let checked = TestRecorder<(wouldReturn: Bool, statusIsCurrent: Bool)>()
    history.model.withLock { model in
      model.afterPublishingStatus = { [weak history] in
        guard let history else { return }
        let sent = history.lane.sent
        let (wouldReturn, status) = history.model.withLock { model in
          (model.isSettled && model.handled >= sent, model.status)
        }
        checked.handler((wouldReturn, history.status.value == status))
      }
    }
    defer { history.model.withLock { $0.afterPublishingStatus = nil } }

    variable.value = "a"
    variable.value = "b"
    history.undo()
    let changed = DispatchSemaphore(value: 0)
    Thread {
      variable.value = "c"
      changed.signal()
    }.start()
    XCTAssertEqual(changed.wait(timeout: .now() + 10), .success, "the machine is too slow")
    await history.waitUntilDelivered()

    XCTAssertEqual(history.status.value.undoCount, 2)
    XCTAssertEqual(history.timeline, " a [c]")
    XCTAssertEqual(checked.values.count, 5, "the hook ran once for each event")
    for (index, check) in checked.values.enumerated() {
      XCTAssertTrue(
        !check.wouldReturn || check.statusIsCurrent,
        "event \(index + 1): a caller that returned then would read a stale status")
    }
  }
}

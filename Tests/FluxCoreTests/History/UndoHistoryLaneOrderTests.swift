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
    let editor = EditorWithAHeldUndo()
    let store = editor.store
    XCTAssertEqual(store.history.texts, "∅ a [b]")

    defer { editor.release() }  // if the test failed before it let the lane go on
    guard editor.holdAnUndo() else {
      return XCTFail("the undo did not reach the lane in 10 s: the machine is too slow")
    }
    store.variable.value = Document(text: "a")  // the undo's target, from another thread
    store.history.redo()
    editor.release()
    guard editor.waitForTheUndo() else {
      return XCTFail("the lane did not finish in 10 s after its release: the machine is too slow")
    }
    try await store.history.settle()
    try editor.checkInTime()

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

  /// A caller does not return while the lane is halfway through an event,
  /// even one sent after it counted its own: there, the model may look
  /// settled with a write on its way.
  ///
  /// Two undos wait in the lane (held in the first one's label) when the
  /// caller counts the events sent before it. Then the lane goes on: the
  /// first undo writes, and its delivery lands it and starts the second,
  /// which waited behind it, and whose write a subscriber of the state
  /// holds. That is where the caller checks: nothing waits, nothing is in
  /// flight yet, and every event it counted has been handled. What it
  /// reads once it returns must agree with the state: the soak's failures
  /// (`UndoRevertConcurrencyTests`), the present one undo behind the
  /// state, or the status one event behind the steps.
  func testACallerDoesNotReturnWhileTheLaneIsHalfwayThroughALaterEvent() async throws {
    let editor = EditorWithAHeldUndo()
    let store = editor.store
    let writing = DispatchSemaphore(value: 0)
    let finishWriting = BoundedGate(bound: 60)
    let holdsTheWrite = store.variable.changed.subscribe { document in
      guard document.text.isEmpty else { return }  // the second undo's write
      writing.signal()
      finishWriting.wait()
    }
    defer {  // if the test failed before it let the lane go on
      editor.release()
      finishWriting.open()
      holdsTheWrite.dispose()
    }
    guard editor.holdAnUndo() else {
      return XCTFail("the undo did not reach the lane in 10 s: the machine is too slow")
    }
    store.history.undo()  // waits in the lane behind the first
    let reachedTheWrite = Lock(true)
    store.history.model.withLock { model in
      model.whileWaiting = { returnsAtOnce in
        guard let returnsAtOnce else {  // counted: let the lane go on to the second write
          editor.release()
          let reached = writing.wait(timeout: .now() + 10) == .success
          reachedTheWrite.withLock { $0 = reached }
          return
        }
        if !returnsAtOnce { finishWriting.open() }  // it waits for the write: let it land
      }
    }
    await store.history.waitUntilDelivered()
    let (present, value) = (store.history.archive.present, store.variable.value)
    let (status, undoCount) = (store.history.status.value, store.history.archive.past.count)
    store.history.model.withLock { $0.whileWaiting = nil }
    finishWriting.open()
    guard reachedTheWrite.withLock({ $0 }) else {
      return XCTFail(
        "the lane did not reach the second undo's write in 10 s: the machine is too slow")
    }
    guard editor.waitForTheUndo() else {
      return XCTFail("the lane did not finish in 10 s after its release: the machine is too slow")
    }
    try await store.history.settle()
    // A hold that ran out let the lane go on before the caller looked.
    try finishWriting.checkInTime()
    try editor.checkInTime()

    XCTAssertEqual(present, value, "returned before the second undo's write came back")
    XCTAssertEqual(status.undoCount, undoCount, "returned before the status was published")
    XCTAssertEqual(store.history.texts, "[] a b")
  }
}

/// An editor whose history holds "a" and "b", and whose lane an undo can
/// hold: sent from a thread of its own, the lane takes it and stops in its
/// label until ``release()``.
private final class EditorWithAHeldUndo: Sendable {
  let store: EditorStore
  let actions: AnyObserverDispatcher<EditorDispatcher>
  private let holding: Lock<Bool>
  private let entered: DispatchSemaphore
  private let letGo: BoundedGate
  private let undone = DispatchSemaphore(value: 0)

  init() {
    let (holding, entered, letGo) = (
      Lock(false), DispatchSemaphore(value: 0), BoundedGate(bound: 60)
    )
    (self.holding, self.entered, self.letGo) = (holding, entered, letGo)
    let dispatcher = EditorDispatcher()
    store = EditorStore(dispatcher: dispatcher) { action in
      if action.label.hasSuffix(".undo"), holding.withLock({ $0 }) {
        holding.withLock { $0 = false }
        entered.signal()
        letGo.wait()
      }
      return action.label
    }
    actions = AnyObserverDispatcher(dispatcher)
    actions.text.dispatch("a")
    actions.text.dispatch("b")
  }

  /// Sends an undo from a thread of its own.
  ///
  /// - Returns: Whether the lane held it within 10 s.
  func holdAnUndo() -> Bool {
    holding.withLock { $0 = true }
    Thread { [actions, undone] in
      actions.undo.dispatch(.undo())  // held in its label until released
      undone.signal()
    }.start()
    return entered.wait(timeout: .now() + 10) == .success
  }

  /// Lets the lane go on with the undo.
  func release() {
    letGo.open()
  }

  /// Throws `TimedOut` if the held undo was let go by its bound of a
  /// minute, not by ``release()``.
  func checkInTime() throws {
    try letGo.checkInTime()
  }

  /// Whether the undo's thread returned within 10 s.
  func waitForTheUndo() -> Bool {
    undone.wait(timeout: .now() + 10) == .success
  }
}

import TestSupport
import Testing

@testable import FluxCore

/// Guarantee 10, "no app-wide cost", on a thread that has just given a
/// main-actor view a value: once that action's frame is committed, the
/// thread's next actions, which no view observes, end the quiet way (one
/// subtraction and a test), never through the frame's end of action.
@MainActor
@Suite struct NoCostAfterAViewsFrameTests {
  @Test func actionsNoViewObservesAfterAViewsFrameNeverReachTheEndOfAnAction() async {
    let viewed = Variable(0)
    let view = viewed.observeOnMainActor { _ in }
    let quiet = DispatchSubject<Int>()
    let handler = quiet.subscribe { _ in }
    let counts = Lock((viewed: 0, quiet: 0))

    await onANewThread {
      let frame = ThreadFrame.current
      let start = frame._withUnsafeGuaranteedRef { $0.actionEnds }
      viewed.value = 1  // kept for the view, committed when the write ends
      let afterTheView = frame._withUnsafeGuaranteedRef { $0.actionEnds }
      for number in 0..<100 { quiet.dispatch(number) }
      let afterTheQuiet = frame._withUnsafeGuaranteedRef { $0.actionEnds }
      counts.withLock { $0 = (afterTheView - start, afterTheQuiet - afterTheView) }
    }

    let (forTheView, forTheQuiet) = counts.withLock { $0 }
    #expect(forTheView == 1, "the view's action did not end through the frame: nothing was tested")
    #expect(forTheQuiet == 0)
    view.dispose()
    handler.dispose()
  }
}

import Dispatch
import FluxCoreTesting
import TestSupport
import Testing

@testable import FluxCore

/// Guarantee 10, "the first frame is a whole action's", at the moment an
/// action ends: a view made while the writing thread is between marking its
/// action ended and looking for late joins is never left behind.
///
/// The thread marks the action ended, then looks; a view's thread marks
/// that it joins, then reads whether the action has ended: one of them sees
/// the other. A DEBUG hook pauses the writing thread between its two steps
/// while the main actor makes the view.
@MainActor
@Suite struct LateJoinAtTheEndTests {
  @Test func aViewMadeAsTheActionEndsShowsItsWrite() async {
    let state = Variable(0)
    let steps = Steps()
    let paused = Lock(false)
    startThread {
      ThreadFrame.current._withUnsafeGuaranteedRef { frame in
        frame.whileEndingAnAction = {
          guard !paused.withLock({ $0 }) else { return }
          paused.withLock { $0 = true }
          steps.pass(.stillInItsAction, waitingFor: .released)
        }
      }
      state.value = 1
      steps.signal(.actionEnded)
    }

    guard await steps.reached(.stillInItsAction) else { return }
    var shown: [Int] = []
    let view = state.observeOnMainActor { shown.append($0) }
    steps.signal(.released)
    guard await steps.reached(.actionEnded) else { return }
    await state.waitUntilDelivered()
    await MainActor.run {}

    #expect(shown.last == 1, "the view shows \(shown)")
    view.dispose()
  }
}

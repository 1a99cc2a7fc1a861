import Dispatch
import FluxCoreTesting
import TestSupport
import Testing

@testable import FluxCore

/// Guarantee 10, "waiting shows it", when the awaited event belongs to the
/// delivering thread's own action: the wait returns only once that action
/// has ended and its frame is committed, so the next main-actor turn shows
/// it.
///
/// The delivering thread pauses each time a waiter may return because of
/// it (it woke the waiter's marker, or gave the subject's role back: a
/// DEBUG hook of the engine's), until the waiter has read the screen. A
/// waiter that returned before the commit reads the old screen, every time.
@MainActor
@Suite struct WaitingForAnActionsEndTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aWaitForAnEventOfAnActionReturnsOnceTheActionIsOnScreen(way: WayOntoTheMainActor) async {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = way.screen(query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let outer = DispatchSubject<Void>()
    let action = outer.subscribe { _ in
      first.value = 1
      steps.pass(.stillInItsAction, waitingFor: .released)
      second.value = 1
    }

    let shown = await steps.screenAfterWaiting(
      for: { await outer.waitUntilDelivered() }, on: screen, while: { outer.dispatch(()) })

    #expect(shown == Shown(1, 1))
    action.dispose()
    withExtendedLifetime(keep) {}
  }

  /// The same with the waiter's place queued while the action runs (the
  /// thread holds the subject's role) and the action's own events queued
  /// behind it: the thread reaches the place before its action has ended.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aWaitQueuedWhileTheActionRunsReturnsOnceTheActionIsOnScreen(way: WayOntoTheMainActor)
    async
  {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = way.screen(query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let outer = DispatchSubject<Int>()
    let action = outer.subscribe { step in
      switch step {
      case 0:
        first.value = 1
        steps.pass(.stillInItsAction, waitingFor: .released)
        outer.dispatch(1)  // queued behind the waiter's place
      case 1:
        outer.dispatch(2)  // queued once the thread has reached the place
      default:
        second.value = 1
      }
    }

    let shown = await steps.screenAfterWaiting(
      for: {
        // What waitUntilDelivered() does, with the place known to be queued
        // before the thread goes on.
        await withCheckedContinuation { (reached: CheckedContinuation<Void, Never>) in
          let queued = outer.queueMarker(
            DeliveryMarker { reached.resume() }, refusingTheHolder: false)
          if !queued {
            Issue.record("the thread did not hold the role: nothing was tested")
            reached.resume()
          }
          steps.signal(.released)
        }
      }, releasing: false, on: screen, while: { outer.dispatch(0) })

    #expect(shown == Shown(1, 1))
    action.dispose()
    withExtendedLifetime(keep) {}
  }

  /// The same for an action that is one write of a Variable, awaited on
  /// the Variable.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aWaitForAWriteReturnsOnceItIsOnScreen() async {
    let state = Variable(0)
    let other = Variable(0)
    let (screen, keep) = WayOntoTheMainActor.observedProperty.screen(
      query: state.asProperty(), total: other.asProperty())
    let steps = Steps()
    let written = state.asProperty().subscribe { value in
      guard value == 1 else { return }
      steps.pass(.stillInItsAction, waitingFor: .released)
      other.value = 10
    }

    let shown = await steps.screenAfterWaiting(
      for: { await state.waitUntilDelivered() }, on: screen, while: { state.value = 1 })

    #expect(shown == Shown(1, 10))
    written.dispose()
    withExtendedLifetime(keep) {}
  }
}

extension Steps {
  /// What `screen` shows in the main-actor turn after a wait for `action`.
  ///
  /// Runs `action` on a thread of its own, which passes `.stillInItsAction`
  /// in it; waits with `wait` from a task meanwhile (its marker queued, or
  /// the subject found idle), then reads `screen` in the next main-actor
  /// turn, while the thread pauses where the wait may have returned. The
  /// thread goes on when `.released` is signalled: here, or by `wait` if
  /// not `releasing`. `nil`, recorded as the machine being too slow, if a
  /// step never came.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  func screenAfterWaiting(
    for wait: @escaping @Sendable () async -> Void, releasing: Bool = true,
    on screen: RedrawingScreen<Shown>, while action: @escaping @Sendable () -> Void
  ) async -> Shown? {
    startThread { [self] in
      pauseWhenWaitersMayReturn()
      action()
      signal(.actionEnded)
    }
    guard await reached(.stillInItsAction) else { return nil }
    let waiter = Task { @MainActor [self] in
      await wait()
      let shown = await MainActor.run { screen.current }
      signal(.screenRead)
      return shown
    }
    if releasing { signal(.released) }
    let shown = await waiter.value
    guard await reached(.actionEnded) else { return nil }
    return shown
  }

  /// Makes the calling thread pause, the first time a waiter may return
  /// because of it, until the test has read the screen.
  private func pauseWhenWaitersMayReturn() {
    let paused = Lock(false)
    ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      frame.whenWaitersMayReturn = { [self] in
        guard !paused.withLock({ $0 }) else { return }
        paused.withLock { $0 = true }
        pass(.waitersMayReturn, waitingFor: .screenRead)
      }
    }
  }
}

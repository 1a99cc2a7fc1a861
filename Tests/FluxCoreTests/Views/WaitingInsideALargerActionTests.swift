import Dispatch
import FluxCoreTesting
import TestSupport
import Testing

@testable import FluxCore

/// Guarantee 10, "waiting shows it", when the awaited subject was delivered
/// inside a larger action of the delivering thread (a handler dispatched to
/// it, or wrote it): the wait returns only once that larger action has
/// ended and its frame is committed, whatever the thread is still doing.
///
/// The thread pauses where it wakes the waiter (a DEBUG hook of the
/// engine's) until the waiter has read the screen, so a waiter woken before
/// the commit reads the old screen every time; a waiter that finds the
/// subject idle is told at once whether it waits, so a wait that would
/// return before the larger action ends is caught every time.
@MainActor
@Suite struct WaitingInsideALargerActionTests {
  /// The waiter's place is queued while the thread delivers the inner
  /// subject inside the larger action, and reached when that delivery ends.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aPlaceReachedInsideALargerActionWaitsForItsEnd(way: WayOntoTheMainActor) async {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = way.screen(query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let outer = DispatchSubject<Void>()
    let inner = DispatchSubject<Void>()
    let nested = inner.subscribe { _ in
      first.value = 1
      steps.pass(.stillInItsAction, waitingFor: .released)
    }
    let action = outer.subscribe { _ in
      inner.dispatch(())
      second.value = 1
    }

    let shown = await steps.screenAfterWaiting(
      for: steps.waitReleasing(
        inner.queueMarker, otherwise: "the thread did not hold the inner role: nothing was tested"),
      releasing: false, on: screen, while: { outer.dispatch(()) })

    #expect(shown == Shown(1, 1))
    nested.dispose()
    action.dispose()
    withExtendedLifetime(keep) {}
  }

  /// The waiter comes once the inner delivery has ended and finds the
  /// inner subject idle: a dispatched event, or a Variable's write.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases, [true, false])
  func anIdleSubjectDeliveredInsideALargerActionWaitsForItsEnd(
    way: WayOntoTheMainActor, awaitingTheVariable: Bool
  ) async {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = way.screen(query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let outer = DispatchSubject<Void>()
    let inner = DispatchSubject<Void>()
    let nested = inner.subscribe { _ in first.value = 1 }
    let action = outer.subscribe { _ in
      inner.dispatch(())
      steps.pass(.stillInItsAction, waitingFor: .released)
      second.value = 1
    }
    let awaited = awaitingTheVariable ? first.subject.queueMarker : inner.queueMarker

    let shown = await steps.screenAfterWaiting(
      for: steps.waitReleasing(
        awaited,
        otherwise:
          "the wait found the subject idle and returned while the action that delivered it was in progress"
      ), releasing: false, on: screen, while: { outer.dispatch(()) })

    #expect(shown == Shown(1, 1))
    nested.dispose()
    action.dispose()
    withExtendedLifetime(keep) {}
  }

  /// A blocking wait on the thread whose action is in progress returns at
  /// once; a wait from another thread after it still waits.
  ///
  /// The thread cannot wait for its own action, which could not end; the
  /// other waiter must still wait for that action's end.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aWaitOnTheDeliveringThreadItselfReturnsAtOnceAndOthersStillWait() async {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = WayOntoTheMainActor.observedProperty.screen(
      query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let outer = DispatchSubject<Void>()
    let inner = DispatchSubject<Void>()
    let nested = inner.subscribe { _ in first.value = 1 }
    let returned = Lock<[Bool]>([])
    let action = outer.subscribe { _ in
      inner.dispatch(())
      let waited = inner.waitUntilDelivered(timeout: .seconds(60))
      let waitedForTheVariable = first.waitUntilDelivered(timeout: .seconds(60))
      returned.withLock { $0 = [waited, waitedForTheVariable] }
      steps.pass(.stillInItsAction, waitingFor: .released)
      second.value = 1
    }

    let shown = await steps.screenAfterWaiting(
      for: steps.waitReleasing(
        inner.queueMarker,
        otherwise: "after the delivering thread's own wait, another thread's returned at once"),
      releasing: false, on: screen, while: { outer.dispatch(()) })

    #expect(returned.withLock { $0 } == [true, true])
    #expect(shown == Shown(1, 1))
    action.dispose()
    nested.dispose()
    withExtendedLifetime(keep) {}
  }
}

extension Steps {
  /// What `waitUntilDelivered()` does through `queue` (a subject's
  /// `queueMarker`), signalling `.released` once the waiter's place is
  /// queued or the wait has joined an action; records `otherwise` if the
  /// wait would return at once.
  func waitReleasing(
    _ queue: @escaping @Sendable (DeliveryMarker, Bool) -> Bool, otherwise: Comment
  ) -> @Sendable () async -> Void {
    { [self] in
      await withCheckedContinuation { (reached: CheckedContinuation<Void, Never>) in
        if !queue(DeliveryMarker { reached.resume() }, false) {
          Issue.record(otherwise)
          reached.resume()
        }
        signal(.released)
      }
    }
  }
}

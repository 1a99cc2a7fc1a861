import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10, "waiting shows it": once `waitUntilDelivered()` has
/// returned, the next main-actor turn shows at least what it waited for,
/// whichever thread delivered it and whatever that thread is still doing.
///
/// An event that another thread delivers on the dispatching thread's behalf
/// (guarantee 8) is an action of its own: it reaches the screen when its
/// delivery ends, not when the delivering thread's own action does.
@MainActor
@Suite struct WaitingShowsItTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aWaitShowsAnEventAnotherThreadDeliveredWhileStillInItsOwnAction(
    way: WayOntoTheMainActor
  ) async {
    let dispatcher = AnswerDispatcher()
    let view = AnyObservableDispatcher(dispatcher)
    let query = QueryStore(view)
    let total = TotalStore(view)
    let (screen, keep) = way.screen(query: query.query, total: total.total)
    let steps = Steps()
    // The delivering thread holds its delivery of 1 until the other has
    // queued 2 behind it.
    let gate = dispatcher.answer.subscribe(steps.holdingOne)
    // Its own action goes on, slowly, after it has delivered 2 for the other.
    let outer = DispatchSubject<Void>()
    let slowAction = outer.subscribe { _ in
      dispatcher.answer.dispatch(1)
      steps.pass(.stillInItsAction, waitingFor: .released)
    }
    startThread { outer.dispatch(()) }

    // Queued: the first thread delivers it.
    guard await steps.queue(2, behindOneOn: dispatcher.answer) else { return }
    await dispatcher.answer.waitUntilDelivered()
    let shown = await MainActor.run { screen.current }
    guard await steps.reached(.stillInItsAction) else { return }

    #expect(shown == Shown(2, 20))
    steps.signal(.released)
    gate.dispose()
    slowAction.dispose()
    withExtendedLifetime((keep, query, total)) {}
  }
}

/// A view made after the wait shows it too: what the other thread
/// delivered on the waiter's behalf is an action of its own, ended, while
/// that thread's own action is not.
@MainActor
@Suite struct WaitingShowsItToNewViewsTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aViewMadeAfterTheWaitShowsIt(way: WayOntoTheMainActor) async {
    let dispatcher = AnswerDispatcher()
    let view = AnyObservableDispatcher(dispatcher)
    let query = QueryStore(view)
    let total = TotalStore(view)
    let steps = Steps()
    let gate = dispatcher.answer.subscribe(steps.holdingOne)
    let outer = DispatchSubject<Void>()
    let slowAction = outer.subscribe { _ in
      dispatcher.answer.dispatch(1)
      steps.pass(.stillInItsAction, waitingFor: .released)
    }
    startThread { outer.dispatch(()) }

    // Queued: the first thread delivers it.
    guard await steps.queue(2, behindOneOn: dispatcher.answer) else { return }
    await dispatcher.answer.waitUntilDelivered()
    guard await steps.reached(.stillInItsAction) else { return }
    let (screen, keep) = way.screen(query: query.query, total: total.total)
    let shown = screen.current

    #expect(shown == Shown(2, 20))
    steps.signal(.released)
    gate.dispose()
    slowAction.dispose()
    withExtendedLifetime((keep, query, total)) {}
  }
}

/// Named points that threads of a test pass, each waiting for another's
/// (shared by the view tests).
///
/// A wait that runs out records that the machine was too slow for the test,
/// never that a guarantee broke, and lets the test end. A test's task
/// waits on a thread of its own (``reached(_:)``), never blocking the main
/// actor or the concurrency pool, which the other tests need meanwhile.
final class Steps: Sendable {
  enum Step: CaseIterable, Sendable {
    case deliveringOne, twoQueued, stillInItsAction, released, actionEnded
    case waitersMayReturn, screenRead
  }

  private let signals: [Step: DispatchSemaphore] = Dictionary(
    uniqueKeysWithValues: Step.allCases.map { ($0, DispatchSemaphore(value: 0)) })

  func signal(_ step: Step) {
    signals[step]!.signal()
  }

  /// Waits for `step` for a minute at most; `false`, recorded as the
  /// machine being too slow, if it ran out.
  func wait(for step: Step, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard signals[step]!.wait(timeout: .now() + 60) == .success else {
      Issue.record(
        "too slow: waited a minute for \(step); the machine is too busy for this test",
        sourceLocation: sourceLocation)
      return false
    }
    return true
  }

  /// Waits, from a test's task, for `step`; `false`, recorded as the
  /// machine being too slow, if it does not come within a minute.
  func reached(_ step: Step, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
    let outcome = Lock(false)
    await onANewThread { [self] in
      let came = wait(for: step, sourceLocation: sourceLocation)
      outcome.withLock { $0 = came }
    }
    return outcome.withLock { $0 }
  }

  /// Signals `step`, then waits for `next`.
  func pass(_ step: Step, waitingFor next: Step) {
    signal(step)
    _ = wait(for: next)
  }
}

extension Steps {
  /// A handler for the delivering thread: holds its delivery of 1 until
  /// the test has queued an event behind it (``queue(_:behindOneOn:)``),
  /// which that thread then delivers on the test's behalf.
  func holdingOne(_ value: Int) {
    if value == 1 { pass(.deliveringOne, waitingFor: .twoQueued) }
  }

  /// Once the other thread holds its delivery of 1 to `subject`, queues
  /// `event` behind it, for that thread to deliver; `false`, recorded as
  /// the machine being too slow, if it never got there.
  func queue(
    _ event: Int, behindOneOn subject: DispatchSubject<Int>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    guard await reached(.deliveringOne, sourceLocation: sourceLocation) else { return false }
    subject.dispatch(event)
    signal(.twoQueued)
    return true
  }
}

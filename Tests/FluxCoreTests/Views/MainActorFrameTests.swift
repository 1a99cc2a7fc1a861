import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// How the main actor's hops meet actions that other threads have not
/// finished: a value waits for its own action's end, a slow action never
/// puts an older state back on screen, events keep their order, and a value
/// delivered on the spot to a main-actor subscriber never overtakes one
/// that reached the hop first.
@MainActor
@Suite struct MainActorFrameTests {
  /// Waits for the main queue's turns already scheduled, and the ones they
  /// schedule in turn, to run.
  func turns(_ count: Int = 3) async {
    for _ in 0..<count {
      await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
    }
  }

  /// An action on a background thread that sets `variable` to `value`
  /// (or dispatches it to `events`), then stays in its delivery until it
  /// is released: a slow action, still in progress.
  ///
  /// It waits on threads of its own, never on the main actor. If the test
  /// does not release it within a minute (a machine too busy for the
  /// test), it records that, and what the test saw meanwhile says nothing
  /// about the guarantee.
  final class SlowAction: Sendable {
    private let action = DispatchSubject<Int>()
    private let steps = Steps()
    private let token: any Disposable

    init(_ write: @escaping @Sendable (Int) -> Void) {
      token = action.subscribe { [steps] value in
        write(value)
        steps.pass(.deliveringOne, waitingFor: .released)
      }
    }

    /// Starts the action on a background thread; returns once it has made
    /// its write and is still in progress, or `false` if the machine was
    /// too slow.
    func start(_ value: Int) async -> Bool {
      startThread { [action, steps] in
        action.dispatch(value)
        steps.signal(.stillInItsAction)  // here: the dispatch has returned
      }
      return await steps.reached(.deliveringOne)
    }

    /// Lets the action finish; returns once its dispatch has returned.
    func finish() async {
      steps.signal(.released)
      _ = await steps.reached(.stillInItsAction)
      token.dispose()
    }
  }

  @Test func aValueWaitsOnTheMainActorUntilItsActionHasFinished() async {
    let state = Variable(0)
    let seen = TestRecorder<Int>()
    let token = state.observeOnMainActor { seen.handler($0) }
    let slow = SlowAction { state.value = $0 }

    guard await slow.start(1) else { return }
    await turns()
    let whileInProgress = seen.values
    await slow.finish()
    await turns()

    #expect(whileInProgress == [0])
    #expect(seen.values == [0, 1])
    token.dispose()
  }

  /// A slow action that finishes last never puts an older state back.
  ///
  /// Two threads write the same state: the later write's action finishes
  /// first, the earlier one's last. The screen shows the later value and
  /// stays on it: the state's final value.
  @Test func aSlowActionThatFinishesLastNeverPutsAnOlderStateBackOnScreen() async {
    let state = Variable(0)
    let seen = TestRecorder<Int>()
    let token = state.observeOnMainActor { seen.handler($0) }
    let slow = SlowAction { state.value = $0 }

    guard await slow.start(1) else { return }
    await onANewThread { state.value = 2 }
    await turns()
    let beforeTheSlowOneEnds = seen.values
    await slow.finish()
    await turns()

    #expect(beforeTheSlowOneEnds == [0, 2])
    #expect(seen.values == [0, 2])
    #expect(state.value == 2)
    token.dispose()
  }

  /// Events reach a main-actor handler in the subject's order, even when
  /// the action that delivered the first is still in progress while the
  /// second's has finished: the second waits.
  @Test func anEventWaitsBehindAnEarlierOneOfAnUnfinishedAction() async {
    let events = DispatchSubject<Int>()
    let seen = TestRecorder<Int>()
    let token = events.observeOnMainActor { seen.handler($0) }
    let slow = SlowAction { events.dispatch($0) }

    guard await slow.start(1) else { return }
    await onANewThread { events.dispatch(2) }
    await turns()
    let beforeTheSlowOneEnds = seen.values
    await slow.finish()
    await turns()

    #expect(beforeTheSlowOneEnds == [])
    #expect(seen.values == [1, 2])
    token.dispose()
  }

  /// A subscriber on the main actor gets what the source delivers while it
  /// subscribes at once, unless a value from another thread reached the hop
  /// first: then both arrive on a later turn, in order.
  @Test(arguments: [DeliveryMode.everyValue, .latestValue])
  func aValueOnTheSpotNeverOvertakesOneThatCameFirst(mode: DeliveryMode) async {
    let steps = Steps()
    let source = Observable<Int> { onNext in
      startThread {
        onNext(1)
        steps.signal(.deliveringOne)
      }
      // Blocks the subscribing main actor for as long as a thread takes to
      // start; a minute at most, recorded as too slow.
      _ = steps.wait(for: .deliveringOne)
      onNext(2)  // on the subscribing thread
      return AnyDisposable {}
    }
    let seen = TestRecorder<Int>()

    let token = source.observeOnMainActor(receiving: mode) { seen.handler($0) }
    let atOnce = seen.values
    await turns()

    #expect(atOnce == [])
    #expect(seen.values == (mode == .everyValue ? [1, 2] : [2]))
    token.dispose()
  }

  /// With nothing ahead of it, the value is there when the call returns.
  @Test func aValueOnTheSpotArrivesBeforeTheCallReturnsWhenNothingCameFirst() {
    let source = Observable<Int> { onNext in
      onNext(2)
      return AnyDisposable {}
    }
    let seen = TestRecorder<Int>()

    let token = source.observeOnMainActor(receiving: .everyValue) { seen.handler($0) }

    #expect(seen.values == [2])
    token.dispose()
  }
}

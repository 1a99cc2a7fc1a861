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
  final class SlowAction: Sendable {
    private let action = DispatchSubject<Int>()
    private let inProgress = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let token: any Disposable

    init(_ write: @escaping @Sendable (Int) -> Void) {
      token = action.subscribe { [inProgress, release] value in
        write(value)
        inProgress.signal()
        _ = release.wait(timeout: .now() + 10)
      }
    }

    /// Starts the action on a background thread; returns once it has made
    /// its write and is still in progress.
    func start(_ value: Int) {
      startThread { [action, finished] in
        action.dispatch(value)
        finished.signal()
      }
      #expect(inProgress.wait(timeout: .now() + 10) == .success)
    }

    /// Lets the action finish; returns once its dispatch has returned.
    func finish() {
      release.signal()
      #expect(finished.wait(timeout: .now() + 10) == .success)
      token.dispose()
    }
  }

  @Test func aValueWaitsOnTheMainActorUntilItsActionHasFinished() async {
    let state = Variable(0)
    let seen = TestRecorder<Int>()
    let token = state.observeOnMainActor { seen.handler($0) }
    let slow = SlowAction { state.value = $0 }

    slow.start(1)
    await turns()
    let whileInProgress = seen.values
    slow.finish()
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

    slow.start(1)
    await onANewThread { state.value = 2 }
    await turns()
    let beforeTheSlowOneEnds = seen.values
    slow.finish()
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

    slow.start(1)
    await onANewThread { events.dispatch(2) }
    await turns()
    let beforeTheSlowOneEnds = seen.values
    slow.finish()
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
    let source = Observable<Int> { onNext in
      let fromAnotherThread = DispatchSemaphore(value: 0)
      startThread {
        onNext(1)
        fromAnotherThread.signal()
      }
      _ = fromAnotherThread.wait(timeout: .now() + 10)
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

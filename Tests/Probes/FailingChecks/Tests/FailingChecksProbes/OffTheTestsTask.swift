import Dispatch
import FluxCore
import FluxCoreTesting
import Foundation

/// Where a probe makes its check: each away from the task that runs the
/// test, so that Swift Testing's `Test.current` is `nil` there.
enum Place: Sendable, CaseIterable {
  case thread
  case detachedTask
  case dispatchCallback

  /// Runs `check` there and returns once it has run.
  func run(_ check: @escaping @Sendable () -> Void) async {
    switch self {
    case .thread:
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
          check()
          done.resume()
        }.start()
      }
    case .detachedTask:
      await Task.detached { check() }.value
    case .dispatchCallback:
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          check()
          done.resume()
        }
      }
    }
  }
}

/// The check every failing probe makes: the recorder holds `[1]`.
func assertTwoWhenTheRecorderHoldsOne() {
  let variable = Variable(1)
  let recorder = TestRecorder(variable)
  assertValues(recorder, equal: [2])
}

/// The same check, passing: for the control probes.
func assertOneWhenTheRecorderHoldsOne() {
  let variable = Variable(1)
  let recorder = TestRecorder(variable)
  assertValues(recorder, equal: [1])
}

/// A dispatcher for the store tester's probe.
final class ProbeDispatcher: DispatcherType {
  static let shared = ProbeDispatcher()
  let add = DispatchSubject<Int>()
}

/// Finishes a store tester, then sends an action from `place`: it must
/// fail the test, or the run, from there.
func sendAnActionAfterFinish(from place: Place) async {
  let dispatcher = ProbeDispatcher()
  let total = Variable(0)
  let subscription = dispatcher.add.subscribe { amount in total.update { $0 += amount } }
  let tester = StoreTester(dispatcher) { total.value }
  let actions = AnyObserverDispatcher(dispatcher)

  await tester.finish()
  await place.run { actions.add.dispatch(1) }
  withExtendedLifetime(tester) {}  // alive when the action is sent

  subscription.dispose()
}

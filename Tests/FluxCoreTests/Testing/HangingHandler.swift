import Dispatch
import FluxCore

/// A handler that holds every delivery of its subject until the test lets
/// it go, or at most a few seconds: so that a test of a wait that must end
/// within its timeout fails, instead of hanging, if the wait does not end.
final class HangingHandler: Sendable {
  private let letGoSignal = DispatchSemaphore(value: 0)
  private let enteredSignal = DispatchSemaphore(value: 0)
  private let returned = Lock(false)
  private let subscription = Lock<(any Disposable)?>(nil)

  /// Subscribes to `subject`; each delivery is held until ``letGo()``, or
  /// for `bound` seconds at most.
  init(on subject: DispatchSubject<Int>, boundInSeconds bound: Int = 5) {
    let token = subject.subscribe { [letGoSignal, enteredSignal, returned] _ in
      enteredSignal.signal()
      _ = letGoSignal.wait(timeout: .now() + .seconds(bound))
      returned.withLock { $0 = true }
    }
    subscription.withLock { $0 = token }
  }

  /// Returns once a delivery is held, or after ten seconds.
  func waitUntilEntered() {
    _ = enteredSignal.wait(timeout: .now() + .seconds(10))
  }

  /// Whether a held delivery has returned.
  var hasReturned: Bool {
    returned.withLock { $0 }
  }

  /// Lets the held delivery return, and ends the subscription.
  func letGo() {
    // Ended first, so that an event queued behind the held one is not held
    // in its turn.
    subscription.withLock { $0 }?.dispose()
    letGoSignal.signal()
  }
}

/// Runs `body` on a thread of Dispatch's global queue, where it may block;
/// ``finished()`` waits for it.
struct Elsewhere: Sendable {
  private let group = DispatchGroup()

  init(_ body: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async(group: group, execute: body)
  }

  /// Returns once `body` has returned.
  func finished() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      group.notify(queue: .global()) { done.resume() }
    }
  }
}

import Dispatch
import FluxCore
import TestSupport

/// A handler that holds every delivery of its subject until the test lets
/// it go, or at most a few seconds: so that a test of a wait that must end
/// within its timeout fails, instead of hanging, if the wait does not end.
final class HangingHandler: Sendable {
  private let letGoSignal: BoundedGate
  private let enteredSignal = BoundedGate(bound: 60)
  private let returned = Lock(false)
  private let subscription = Lock<(any Disposable)?>(nil)

  /// Subscribes to `subject`; each delivery is held until ``letGo()``, or
  /// for `bound` seconds at most.
  init(on subject: DispatchSubject<Int>, boundInSeconds bound: Int = 5) {
    letGoSignal = BoundedGate(bound: bound)
    let token = subject.subscribe { [letGoSignal, enteredSignal, returned] _ in
      enteredSignal.open()
      letGoSignal.wait()
      returned.withLock { $0 = true }
    }
    subscription.withLock { $0 = token }
  }

  /// Returns once a delivery is held, or after a minute (which
  /// ``checkInTime()`` then reports).
  func waitUntilEntered() {
    enteredSignal.wait()
  }

  /// Whether a held delivery has returned.
  var hasReturned: Bool {
    returned.withLock { $0 }
  }

  /// Throws ``TimedOut`` if no delivery came to be held within a minute of
  /// ``waitUntilEntered()``, or if one was let go by its bound before the
  /// test let it go: the test then saw its subject unheld, and says it was
  /// too slow rather than judging what it saw.
  func checkInTime() throws {
    try enteredSignal.checkInTime()
    try letGoSignal.checkInTime()
  }

  /// Lets the held delivery return, and ends the subscription.
  func letGo() {
    // Ended first, so that an event queued behind the held one is not held
    // in its turn.
    subscription.withLock { $0 }?.dispose()
    letGoSignal.open()
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

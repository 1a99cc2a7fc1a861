import Dispatch

/// How far a worker thread has got, which another thread can wait on
/// without polling: the worker reports each step with ``advance(to:)``, and a
/// waiter sleeps on a semaphore until the step it asked for is reached.
///
/// ```swift
/// let progress = WorkerProgress()
/// // worker: for step in 1... { work(); progress.advance(to: step) }
/// XCTAssertTrue(progress.wait(until: 50, timeout: .seconds(10)))
/// ```
///
/// One waiter at a time.
package final class WorkerProgress: Sendable {
  private let reached = TestAtomic(0)
  /// The step a waiter sleeps until, or `Int.max` when none does.
  private let awaited = TestAtomic(Int.max)
  private let wake = DispatchSemaphore(value: 0)

  package init() {}

  /// The latest step reported.
  package var step: Int { reached.load(ordering: .acquiring) }

  /// Reports that a worker has reached `step`; several workers may report,
  /// and the highest step counts.
  package func advance(to step: Int) {
    reached.max(step, ordering: .releasing)
    // Cheap while nobody waits: one load.
    let target = awaited.load(ordering: .acquiring)
    if step >= target,
      awaited.compareExchange(expected: target, desired: .max, ordering: .acquiringAndReleasing)
        .exchanged
    {
      wake.signal()
    }
  }

  /// Blocks until ``step`` is at least `step`, for at most `timeout`.
  ///
  /// - Returns: Whether the step was reached in time.
  package func wait(until step: Int, timeout: Duration) -> Bool {
    awaited.store(step, ordering: .sequentiallyConsistent)
    // Reached before the waiter said what it waits for: nobody will signal.
    if reached.load(ordering: .sequentiallyConsistent) >= step,
      awaited.compareExchange(expected: step, desired: .max, ordering: .acquiringAndReleasing)
        .exchanged
    {
      return true
    }
    if wake.wait(timeout: .now() + timeout.timeInterval) == .success { return true }
    // Timed out; a signal may have raced in since.
    if awaited.compareExchange(expected: step, desired: .max, ordering: .acquiringAndReleasing)
      .exchanged
    {
      return false
    }
    wake.wait()
    return true
  }
}

extension Duration {
  /// The duration as a Dispatch interval.
  package var timeInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(
      Int(min(seconds, 1_000_000)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}

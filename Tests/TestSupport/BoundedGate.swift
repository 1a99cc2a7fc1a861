import Dispatch

/// A signal between a test's threads whose every wait is bounded and
/// remembered: a wait that runs out lets its thread go on, so nothing
/// hangs, and ``checkInTime()`` then fails the test as too slow, not as a
/// broken promise.
///
/// A test that holds a delivery or a thread at a gate goes on as if the
/// gate had opened when a wait runs out, and may then see what looks like
/// a broken guarantee. It calls ``checkInTime()`` before its assertions:
///
/// ```swift
/// let entered = BoundedGate(bound: 60)
/// // … a handler on another thread calls entered.open(), the test entered.wait()
/// try entered.checkInTime()  // "too slow: waited 60.0 s …" if a wait ran out
/// #expect(…)
/// ```
package final class BoundedGate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let ranOut = TestAtomic(false)
  private let seconds: Int

  /// A closed gate whose waits last `seconds` at most.
  package init(bound seconds: Int = 60) {
    self.seconds = seconds
  }

  /// Lets one waiter through, now or when it comes.
  package func open() {
    semaphore.signal()
  }

  /// Waits until the gate is opened, or for its bound; a wait that runs out
  /// is remembered.
  ///
  /// - Returns: Whether the gate opened in time.
  @discardableResult
  package func wait() -> Bool {
    let inTime = semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
    if !inTime { ranOut.store(true, ordering: .sequentiallyConsistent) }
    return inTime
  }

  /// Whether a wait at this gate has run out.
  package var hasRunOut: Bool {
    ranOut.load(ordering: .sequentiallyConsistent)
  }

  /// Throws ``TimedOut`` if a wait at this gate has run out.
  package func checkInTime() throws {
    if hasRunOut { throw TimedOut(seconds: Double(seconds)) }
  }
}

import FluxCore
import Foundation

/// Records what a stream delivers, so that a test can wait for values and
/// assert on them.
///
/// ```swift
/// let recorder = TestRecorder(store.items)
/// actions.search(query: "swift")
/// let pages = try await recorder.waitForValues(count: 2)
/// assertValues(recorder, equal: [[], firstPage])
/// ```
///
/// Waiting never sleeps: a waiting task is resumed by the value that
/// satisfies it, and the timeout only bounds how long a broken test hangs.
///
/// > Important: A recorder made from a source subscribes at once and stays
/// > subscribed until ``dispose()`` or until it is deinitialized.
public final class TestRecorder<Element: Sendable>: @unchecked Sendable {
  // Safe: `recorded`, `consumed`, `waiters` and `subscription` are only
  // touched while holding `lock`.

  private struct Waiter {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var recorded: [Element] = []
  private var consumed = 0
  private var waiters: [Waiter] = []
  private var nextWaiterID = 0
  private var subscription: (any Disposable)?

  /// Creates a recorder fed through ``handler``.
  public init() {}

  /// Creates a recorder that subscribes to `source` and records everything it
  /// delivers from now on (for a `Variable` or `Property`, starting with the
  /// current value).
  ///
  /// - Parameter source: The stream to record.
  public init<Source: ObservableType>(_ source: Source) where Source.Element == Element {
    let subscription = source.subscribe(handler)
    lock.withLock { self.subscription = subscription }
  }

  deinit {
    subscription?.dispose()
  }

  /// A handler that records what it is called with, for streams you
  /// subscribe yourself.
  public var handler: @Sendable (Element) -> Void {
    { [weak self] element in self?.record(element) }
  }

  /// Every value recorded so far, in order.
  public var values: [Element] {
    lock.withLock { recorded }
  }

  /// How many values have been recorded so far, without copying them.
  public var count: Int {
    lock.withLock { recorded.count }
  }

  /// Ends the subscription made by ``init(_:)``; the values stay.
  public func dispose() {
    let subscription = lock.withLock {
      defer { self.subscription = nil }
      return self.subscription
    }
    subscription?.dispose()
  }

  private func record(_ element: Element) {
    let ready = lock.withLock {
      recorded.append(element)
      let ready = waiters.filter { $0.count <= recorded.count }
      waiters.removeAll { $0.count <= recorded.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Waits until `count` values have been recorded in all, then returns all
  /// the values recorded.
  ///
  /// - Parameters:
  ///   - count: How many values to wait for, counting those already recorded.
  ///   - timeout: How long to wait before failing.
  /// - Returns: Every value recorded, at least `count` of them.
  /// - Throws: ``TestRecorderTimeout`` if fewer values arrive in time.
  @discardableResult
  public func waitForValues(count: Int, timeout: Duration = .seconds(5)) async throws -> [Element] {
    try await wait(until: count, timeout: timeout)
    return values
  }

  /// Waits for the next `count` values after those that earlier calls of
  /// `next` returned, and returns them.
  ///
  /// - Parameters:
  ///   - count: How many values to return.
  ///   - timeout: How long to wait before failing.
  /// - Returns: The next `count` values, in the order they were recorded.
  /// - Throws: ``TestRecorderTimeout`` if fewer values arrive in time.
  public func next(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws -> [Element] {
    let start = lock.withLock { consumed }
    try await wait(until: start + count, timeout: timeout)
    return lock.withLock {
      consumed = start + count
      return Array(recorded[start..<start + count])
    }
  }

  private func wait(until count: Int, timeout: Duration) async throws {
    let id = lock.withLock {
      defer { nextWaiterID += 1 }
      return nextWaiterID
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { [self] in
        try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            let satisfied: Bool? = lock.withLock {
              guard recorded.count < count else { return true }
              if Task.isCancelled { return false }
              waiters.append(Waiter(id: id, count: count, continuation: continuation))
              return nil
            }
            switch satisfied {
            case true?: continuation.resume()
            case false?: continuation.resume(throwing: CancellationError())
            case nil: break
            }
          }
        } onCancel: { [self] in
          let waiter = lock.withLock {
            let waiter = waiters.first { $0.id == id }
            waiters.removeAll { $0.id == id }
            return waiter
          }
          waiter?.continuation.resume(throwing: CancellationError())
        }
      }
      group.addTask { [self] in
        try await Task.sleep(for: timeout)
        throw TestRecorderTimeout(expected: count, received: values.count, timeout: timeout)
      }
      defer { group.cancelAll() }
      try await group.next()
    }
  }
}

/// Thrown when a ``TestRecorder`` wait runs out of time.
public struct TestRecorderTimeout: Error, CustomStringConvertible {
  /// How many values the wait needed.
  public let expected: Int
  /// How many had arrived.
  public let received: Int
  /// How long it waited.
  public let timeout: Duration

  /// The failure in words.
  public var description: String {
    "waited \(timeout) for \(expected) values; \(received) arrived"
  }
}

import FluxCore

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
public final class TestRecorder<Element: Sendable>: Sendable {
  private struct Waiter: Sendable {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var recorded: [Element] = []
    var consumed = 0
    var waiters: [Waiter] = []
    var nextWaiterID = 0
    var subscription: (any Disposable)?
  }

  private let state = Lock(State())

  /// Creates a recorder fed through ``handler``.
  public init() {}

  /// Creates a recorder that subscribes to `source` and records everything it
  /// delivers from now on (for a `Variable` or `Property`, starting with the
  /// current value).
  ///
  /// - Parameter source: The stream to record.
  public init<Source: ObservableType>(_ source: Source) where Source.Element == Element {
    let subscription = source.subscribe(handler)
    state.withLock { $0.subscription = subscription }
  }

  deinit {
    state.withLock { $0.subscription }?.dispose()
  }

  /// A handler that records what it is called with, for streams you
  /// subscribe yourself.
  public var handler: @Sendable (Element) -> Void {
    { [weak self] element in self?.record(element) }
  }

  /// Every value recorded so far, in order.
  public var values: [Element] {
    state.withLock { $0.recorded }
  }

  /// How many values have been recorded so far, without copying them.
  public var count: Int {
    state.withLock { $0.recorded.count }
  }

  /// Ends the subscription made by ``init(_:)``; the values stay.
  public func dispose() {
    let subscription = state.withLock { state in
      defer { state.subscription = nil }
      return state.subscription
    }
    subscription?.dispose()
  }

  private func record(_ element: Element) {
    let ready = state.withLock { state in
      state.recorded.append(element)
      let count = state.recorded.count
      let ready = state.waiters.filter { $0.count <= count }
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Waits until `count` values have been recorded in all, then returns all
  /// the values recorded.
  ///
  /// - Parameters:
  ///   - count: How many values to wait for, counting those already recorded.
  ///   - timeout: How long to wait before failing: half a minute unless
  ///     you say otherwise. A wait ends as soon as the values are there, so
  ///     a long bound costs a passing test nothing, and a busy machine (a
  ///     sanitizer, a loaded CI runner) does not fail one that would pass.
  /// - Returns: Every value recorded, at least `count` of them.
  /// - Throws: ``TestRecorderTimeout`` if fewer values arrive in time.
  @discardableResult
  public func waitForValues(count: Int, timeout: Duration = .seconds(30)) async throws -> [Element]
  {
    try await wait(until: count, timeout: timeout)
    return values
  }

  /// Waits for the next `count` values after those that earlier calls of
  /// `next` returned, and returns them.
  ///
  /// - Parameters:
  ///   - count: How many values to return.
  ///   - timeout: How long to wait before failing: half a minute unless
  ///     you say otherwise (see ``waitForValues(count:timeout:)``).
  /// - Returns: The next `count` values, in the order they were recorded.
  /// - Throws: ``TestRecorderTimeout`` if fewer values arrive in time.
  public func next(_ count: Int = 1, timeout: Duration = .seconds(30)) async throws -> [Element] {
    let start = state.withLock { $0.consumed }
    try await wait(until: start + count, timeout: timeout)
    return state.withLock { state in
      state.consumed = start + count
      return Array(state.recorded[start..<start + count])
    }
  }

  private func wait(until count: Int, timeout: Duration) async throws {
    let id = state.withLock { state in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { [self] in
        try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            let satisfied: Bool? = state.withLock { state in
              guard state.recorded.count < count else { return true }
              if Task.isCancelled { return false }
              state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
              return nil
            }
            switch satisfied {
            case true?: continuation.resume()
            case false?: continuation.resume(throwing: CancellationError())
            case nil: break
            }
          }
        } onCancel: { [self] in
          let waiter = state.withLock { state in
            let waiter = state.waiters.first { $0.id == id }
            state.waiters.removeAll { $0.id == id }
            return waiter
          }
          waiter?.continuation.resume(throwing: CancellationError())
        }
      }
      group.addTask { [self] in
        try await Task.sleep(for: timeout.clampedToLongestWait)
        throw TestRecorderTimeout(expected: count, received: self.count, timeout: timeout)
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
    "waited \(timeout) for \(expected) values; \(received) arrived (the others never came, "
      + "or the machine was too busy for this timeout)"
  }
}

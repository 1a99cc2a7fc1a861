import FluxCore

/// A bounded wait ran out of time: the test could not tell whether what it
/// waited for would come, so it fails as too slow, not as a broken promise.
package struct TimedOut: Error, CustomStringConvertible {
  package let seconds: Double

  package init(seconds: Double) {
    self.seconds = seconds
  }

  package var description: String {
    "too slow: waited \(seconds) s and gave up; the machine is too busy for this test, "
      + "or what it waited for never comes"
  }
}

/// Runs `body`, throwing `TimedOut` if it takes longer than `seconds`: a
/// guard against a hang, not a way to wait.
///
/// With unstructured tasks, so that a body that never ends (a hang) does not
/// keep the caller waiting for it past the time limit.
package func withTimeout<T: Sendable>(
  seconds: Double = 10, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  let outcome = Lock<Bool>(false)
  return try await withCheckedThrowingContinuation {
    (finished: CheckedContinuation<T, any Error>) in
    @Sendable func settle(_ result: Result<T, any Error>) {
      let first = outcome.withLock { settled in
        defer { settled = true }
        return !settled
      }
      if first { finished.resume(with: result) }
    }
    let work = Task {
      do { settle(.success(try await body())) } catch { settle(.failure(error)) }
    }
    Task {
      try? await Task.sleep(for: .seconds(seconds))
      settle(.failure(TimedOut(seconds: seconds)))
      work.cancel()
    }
  }
}

extension Task where Success: Sendable {
  /// The task's value, or `TimedOut` once `seconds` have passed first: a
  /// bound on a wait, so that a task that never ends fails the test instead
  /// of hanging it.
  package func value(within seconds: Double = 10) async throws -> Success {
    try await withTimeout(seconds: seconds) { try await self.value }
  }
}

extension OptimisticState {
  /// Applies `write`, runs `request`, and confirms the write if it
  /// succeeds or rolls it back if it throws (or the task is cancelled).
  ///
  /// ```swift
  /// try await favorites.perform(
  ///   { $0.insert(item.id) }, request: { try await api.star(item.id) })
  /// ```
  ///
  /// - Parameters:
  ///   - write: Changes the state now.
  ///   - isolation: The caller's actor, where `request` runs.
  ///   - request: The request that decides the write's fate.
  /// - Returns: What `request` returns.
  /// - Throws: What `request` throws, once the write is rolled back.
  @discardableResult
  public func perform<Output>(
    _ write: @escaping @Sendable (inout Value) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    request: () async throws -> Output
  ) async throws -> Output {
    let pending = apply(write)
    do {
      let output = try await request()
      pending.confirm()
      return output
    } catch {
      pending.rollBack()
      throw error
    }
  }

  /// Applies `write` and runs `request` in `latest`, where the latest start
  /// wins: the write of the request it supersedes is rolled back at once,
  /// and this one is confirmed or rolled back by its own outcome (rolled
  /// back if it is cancelled or superseded in turn).
  ///
  /// ```swift
  /// @MainActor final class DraftActions {
  ///   private let saving = LatestTask()
  ///   func rename(_ title: String) {
  ///     draft.perform(
  ///       { $0.title = title }, in: saving, request: { [api] in try await api.rename(title) })
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - write: Changes the state now.
  ///   - latest: Runs the request; one per kind of write.
  ///   - request: The request that decides the write's fate.
  ///   - then: Receives the request's outcome, on the main actor, after the
  ///     write has been confirmed or rolled back; not called for a request
  ///     superseded by a newer one.
  /// - Returns: The task that runs the request, for tests.
  @MainActor
  @discardableResult
  public func perform<Output: Sendable>(
    _ write: @escaping @Sendable (inout Value) -> Void,
    in latest: LatestTask,
    request: @escaping @Sendable () async throws -> Output,
    then: @escaping @MainActor (Result<Output, any Error>) -> Void = { _ in }
  ) -> Task<Void, Never> {
    let pending = apply(write)
    let superseded = latestWrites.withLock {
      $0.updateValue(pending, forKey: ObjectIdentifier(latest))
    }
    superseded?.rollBack()
    return latest.run(request) { [latestWrites] outcome in
      latestWrites.withLock { writes in
        if writes[ObjectIdentifier(latest)] === pending { writes[ObjectIdentifier(latest)] = nil }
      }
      if case .success = outcome { pending.confirm() } else { pending.rollBack() }
      then(outcome)
    }
  }
}

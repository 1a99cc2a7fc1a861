/// Async work for an action creator where the latest start wins: starting
/// new work cancels the old, and the old one's result is never delivered.
///
/// Every feature that talks to a network needs it: a search must not let a
/// slow answer to an old query overwrite the answer to the new one. Hold one
/// `LatestTask` per kind of request, and send actions from `then`:
///
/// ```swift
/// @MainActor
/// final class SearchActionCreator {
///   private let dispatcher: AnyObserverDispatcher<SearchDispatcher>
///   private let api: any SearchAPI
///   private let search = LatestTask()
///
///   func search(_ request: SearchRequest) {
///     dispatcher.loading.dispatch(true)
///     search.run { [api] in try await api.search(request) } then: { [dispatcher] result in
///       switch result {
///       case .success(let page): dispatcher.items.dispatch(page)
///       case .failure(let error): dispatcher.error.dispatch(SearchError(error))
///       }
///       dispatcher.loading.dispatch(false)
///     }
///   }
/// }
/// ```
///
/// > Important: `then` runs on the main actor, and only for the latest work:
/// > not after a newer ``run(_:then:)`` or a ``cancel()``, even when the old
/// > work ignores cancellation and finishes anyway. Since starting work and
/// > delivering results both happen on the main actor, "newer" is exact: no
/// > result of older work is delivered once `run` has returned. The work
/// > itself runs off the main actor.
@MainActor
public final class LatestTask {
  /// Counts starts and cancellations, so that finishing work can tell
  /// whether it is still the latest.
  private var generation = 0
  private var inFlight: Task<Void, Never>?

  /// Creates an idle task.
  public init() {}

  /// Whether work is in flight: started, and neither delivered nor
  /// cancelled.
  ///
  /// It is `false` again by the time the latest work's `then` runs.
  public var isRunning: Bool { inFlight != nil }

  /// Starts `work`, cancelling the work started before; calls `then` with
  /// its outcome if it is still the latest when it finishes.
  ///
  /// - Parameters:
  ///   - work: The work, run off the main actor. It is cancelled when newer
  ///     work starts or ``cancel()`` is called; it may ignore that, since its
  ///     result is dropped either way.
  ///   - then: Receives the outcome, on the main actor; never called for
  ///     work that was superseded or cancelled.
  /// - Returns: The task that runs the work and delivers its outcome, for
  ///   tests that wait for it.
  @discardableResult
  public func run<Output: Sendable>(
    _ work: @escaping @Sendable () async throws -> Output,
    then: @escaping @MainActor (Result<Output, any Error>) -> Void
  ) -> Task<Void, Never> {
    inFlight?.cancel()
    generation += 1
    let started = generation
    let task = Task { [weak self] in
      let outcome: Result<Output, any Error>
      do {
        outcome = .success(try await work())
      } catch {
        outcome = .failure(error)
      }
      guard let self, self.generation == started else { return }  // superseded
      self.inFlight = nil
      then(outcome)
    }
    inFlight = task
    return task
  }

  /// Cancels the work in flight, if any; its outcome will not be delivered.
  public func cancel() {
    inFlight?.cancel()
    inFlight = nil
    generation += 1
  }
}

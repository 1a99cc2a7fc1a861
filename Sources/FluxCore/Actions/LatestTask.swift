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
///       case .failure(is CancellationError): break  // cancel(): nothing to show
///       case .failure(let error): dispatcher.error.dispatch(SearchError(error))
///       }
///       dispatcher.loading.dispatch(false)  // on every path
///     }
///   }
/// }
/// ```
///
/// `then` closes the bracket that the action creator opened before `run`:
///
/// - The latest work's `then` receives its outcome, on the main actor, once
///   it finishes.
/// - ``cancel()`` calls the cancelled work's `then` with a
///   `CancellationError` before it returns, whatever the work then does.
/// - Work superseded by a newer ``run(_:then:)`` is never delivered: the
///   newer work's `then` closes the bracket for both. Since starting work and
///   delivering results both happen on the main actor, "newer" is exact: no
///   result of older work is delivered once `run` has returned, even when
///   the old work ignores cancellation and finishes anyway.
/// - A `LatestTask` that is freed cancels its work, and calls no `then`:
///   whoever would have listened is gone with it.
///
/// So each `then` is called at most once, and exactly once for the work
/// that is latest when it finishes or is cancelled. The work itself runs off
/// the main actor.
@MainActor
public final class LatestTask {
  /// Counts starts and cancellations, so that finishing work can tell
  /// whether it is still the latest.
  private var generation = 0
  private var inFlight: Task<Void, Never>?

  /// Ends the bracket of a ``cancel()``: the `then` of the work in flight,
  /// called with a `CancellationError`.
  private var cancelInFlight: (@MainActor () -> Void)?

  /// Creates an idle task.
  public init() {}

  // A freed `LatestTask` cancels its work. Reading `inFlight` here is safe:
  // nothing else can hold a reference to an object being deinitialised, and
  // `Task` is Sendable.
  deinit {
    inFlight?.cancel()
  }

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
  ///   - then: Receives the outcome, on the main actor, once the work
  ///     finishes; or a `CancellationError`, before ``cancel()`` returns.
  ///     Never called for work that a newer `run` superseded.
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
    cancelInFlight = { then(.failure(CancellationError())) }
    let task = Task { [weak self] in
      let outcome: Result<Output, any Error>
      do {
        outcome = .success(try await work())
      } catch {
        outcome = .failure(error)
      }
      guard let self, self.generation == started else { return }  // superseded or cancelled
      self.inFlight = nil
      self.cancelInFlight = nil
      then(outcome)
    }
    inFlight = task
    return task
  }

  /// Cancels the work in flight, if any, and calls its `then` with a
  /// `CancellationError` before returning; the work's own outcome is never
  /// delivered.
  ///
  /// With nothing in flight (never started, already delivered, or already
  /// cancelled), it does nothing.
  public func cancel() {
    inFlight?.cancel()
    inFlight = nil
    generation += 1
    let endBracket = cancelInFlight
    cancelInFlight = nil
    endBracket?()
  }
}

/// Where a request stands: not started, in flight, done, or failed, with the
/// value to show meanwhile.
///
/// A store keeps one `LoadState` in a ``Variable`` instead of separate
/// loading and error flags that can disagree:
///
/// ```swift
/// private let _results = Variable(LoadState<[Item], SearchError>.idle)
///
/// bind(dispatcher.request, to: _results) { state, _ in state.startingLoad() }
/// bind(dispatcher.items, to: _results) { state, items in state.succeeding(with: items) }
/// bind(dispatcher.error, to: _results) { state, error in state.failing(with: error) }
/// ```
///
/// Start the load on the action that asks for it (here `request`), not on a
/// separate `loading(true)`: then the request and the state it starts change
/// with one action, and no view sees the new request beside the old results.
///
/// While a new load runs, and after it fails, the last loaded value stays
/// available as ``value``, so a screen keeps showing it.
public enum LoadState<Value: Sendable, Failure: Error>: Sendable {
  /// Nothing has been loaded or asked for.
  case idle
  /// A load is in flight; `previous` is the value from before it, if any.
  case loading(previous: Value?)
  /// The last load succeeded with this value.
  case loaded(Value)
  /// The last load failed; `previous` is the value from before it, if any.
  case failed(Failure, previous: Value?)

  /// The value to show: the loaded one, or the one from before the load in
  /// flight or the failed one.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous): previous
    case .loaded(let value): value
    case .failed(_, let previous): previous
    }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Why the last load failed, or `nil`.
  public var failure: Failure? {
    if case .failed(let failure, _) = self { return failure }
    return nil
  }

  /// The state once a load starts: loading, keeping the value to show.
  public func startingLoad() -> LoadState {
    .loading(previous: value)
  }

  /// The state once a load succeeds with `value`.
  public func succeeding(with value: Value) -> LoadState {
    .loaded(value)
  }

  /// The state once a load fails with `failure`, keeping the value to show.
  public func failing(with failure: Failure) -> LoadState {
    .failed(failure, previous: value)
  }

  /// The state once a load finishes with `result`.
  public func finishing(with result: Result<Value, Failure>) -> LoadState {
    switch result {
    case .success(let value): succeeding(with: value)
    case .failure(let failure): failing(with: failure)
    }
  }
}

extension LoadState: Equatable where Value: Equatable, Failure: Equatable {}

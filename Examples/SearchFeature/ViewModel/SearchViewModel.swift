import FluxCore
import Observation

/// Connects a view to the search feature: user input in, rows and a status
/// line out, as plain `@Observable` properties that a SwiftUI view (or the
/// console view) reads directly.
///
/// The two outputs are derived state: ``rowsSource`` and ``statusSource``
/// are properties derived from the store's (``Property/init(derivedFrom:_:)``),
/// and ``rows`` and ``status`` follow them on the main actor, latest value
/// only (``ObservableType/assign(to:on:)``). So one action that changes
/// several store properties reaches the view once, with all of its changes:
/// a view never draws a state in between.
///
/// Typing is debounced: a query is searched only once the text has stayed the
/// same for the debounce interval, so typing "json" sends one request, not
/// four.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
public final class SearchViewModel {
  /// What the user can do.
  public enum Input: Sendable, Hashable {
    /// The query text changed.
    case queryChanged(String)
    /// The user asked for the next page.
    case nextPage
    /// The user asked to retry the failed request.
    case retry
  }

  /// All the numbered result rows.
  public private(set) var rows: [SearchRow] = []
  /// The status line.
  public private(set) var status = SearchStatus.idle

  /// The rows, for a list that redraws row by row.
  ///
  /// A list reads ``ObservedCollection/ids`` and each row view reads its own
  /// row (`rowList[id: row.id]`), so the next page draws the new rows only,
  /// where a list reading ``rows`` draws every row again. The rows of one
  /// action still reach the screen with the rest of that action
  /// (guarantee 10).
  @ObservationIgnored public let rowList: ObservedCollection<SearchRow>

  /// The rows, derived from the store on the thread that changes it; ``rows``
  /// follows it on the main actor.
  @ObservationIgnored public nonisolated let rowsSource: Property<[SearchRow]>
  /// The status, derived from the store on the thread that changes it;
  /// ``status`` follows it on the main actor.
  @ObservationIgnored public nonisolated let statusSource: Property<SearchStatus>

  @ObservationIgnored private let actions: SearchActionCreator
  @ObservationIgnored private let typing: Debouncer
  @ObservationIgnored private let disposeBag = DisposeBag()

  /// Creates a view model.
  ///
  /// - Parameters:
  ///   - store: The state to show.
  ///   - actions: Where user intents go.
  ///   - debounce: How long the query text must stay unchanged before it is
  ///     searched.
  ///   - clock: The clock that measures it; tests pass one they control.
  public init(
    store: SearchStore,
    actions: SearchActionCreator,
    debounce: Duration = .milliseconds(300),
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.actions = actions
    typing = Debouncer(for: debounce, clock: clock)
    rowsSource = Property(derivedFrom: store.results) { numbered($0.value ?? []) }
    // Derived from `results` alone: the store changes it last for every
    // action, after the request and the total, so each status read here is
    // the one an action left, never one in between (the new request beside
    // the old results, or the old request loading).
    statusSource = Property(derivedFrom: store.results) { [store] results in
      SearchStatus(
        results: results, request: store.request.value, totalCount: store.totalCount.value)
    }
    rowList = ObservedCollection(rowsSource)
    rowsSource.assign(to: \.rows, on: self).disposed(by: disposeBag)
    statusSource.assign(to: \.status, on: self).disposed(by: disposeBag)
  }

  /// Whether ``rows`` and ``status`` already show the store's latest state,
  /// or a change is still on its way to the main actor.
  public var isShowingLatest: Bool {
    rows == rowsSource.value && status == statusSource.value
  }

  /// Handles one user input.
  ///
  /// - Returns: Whether a request will start: at once for ``Input/nextPage``
  ///   and ``Input/retry``, after the debounce for ``Input/queryChanged(_:)``
  ///   (unless more typing replaces it). `false` when there is nothing to do.
  @discardableResult
  public func send(_ input: Input) -> Bool {
    switch input {
    case .queryChanged(let text):
      let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !query.isEmpty else {
        typing.cancel()
        return false
      }
      typing.send { [actions] in actions.search(query: query) }
      return true
    case .nextPage:
      guard actions.canLoadNextPage else { return false }
      actions.loadNextPage()
      return true
    case .retry:
      guard actions.canRetry else { return false }
      actions.retry()
      return true
    }
  }
}

/// Numbers `items` from 1.
private func numbered(_ items: [Item]) -> [SearchRow] {
  items.enumerated().map { SearchRow(number: $0.offset + 1, item: $0.element) }
}

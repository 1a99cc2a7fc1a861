import FluxCore

/// Connects a view to the search feature: user input in, rows and a status
/// line out.
///
/// Typing is debounced: a query is searched only once the text has stayed the
/// same for the debounce interval, so typing "json" sends one request, not
/// four.
///
/// The outputs follow the store's `results`, which the store updates after
/// everything else an action changes (see ``SearchStore``), so they never see
/// a half-updated state.
@MainActor
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

  /// What the view shows.
  public struct Output: Sendable {
    /// All the numbered result rows, current value first: for a list view.
    public let rows: Observable<[SearchRow]>
    /// The rows that each completed load added: page 1 of a query, then each
    /// next page.
    ///
    /// For a view that prints, like a console.
    public let loadedRows: Observable<[SearchRow]>
    /// The status line, current value first; repeats are dropped.
    public let status: Observable<SearchStatus>
  }

  /// The view's streams.
  public nonisolated let output: Output

  private let actions: SearchActionCreator
  private let debounce: Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  private var pendingQuery: Task<Void, Never>?

  /// Creates a view model.
  ///
  /// - Parameters:
  ///   - store: The state to show.
  ///   - actions: Where user intents go.
  ///   - debounce: How long the query text must stay unchanged before it is
  ///     searched.
  ///   - sleep: How to wait; tests pass a sleep they control.
  public init(
    store: SearchStore,
    actions: SearchActionCreator,
    debounce: Duration = .milliseconds(300),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.actions = actions
    self.debounce = debounce
    self.sleep = sleep
    output = Output(
      rows: store.results.map { numbered($0.value ?? []) }.distinctUntilChanged(),
      loadedRows: store.results.changed.compactMap { state in
        // Page n of a query holds items from (n - 1) × perPage on.
        guard case .loaded(let items) = state, let request = store.request.value else { return nil }
        return Array(numbered(items).dropFirst((request.page - 1) * request.perPage))
      },
      status: store.results.map { _ in SearchStatus(store) }.distinctUntilChanged())
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
      pendingQuery?.cancel()
      let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !query.isEmpty else { return false }
      pendingQuery = Task { [sleep, debounce, actions] in
        // Cancelled when more typing comes, during the sleep or just after it.
        do { try await sleep(debounce) } catch { return }
        guard !Task.isCancelled else { return }
        actions.search(query: query)
      }
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

import FluxCore

/// The search state, kept up to date from the dispatcher and shown read-only.
///
/// ``results`` holds the items loaded so far for the current query, and
/// where the latest load stands, in one ``LoadState``: pages of the same
/// query append, page 1 of a new query replaces them, and a failure keeps the
/// items already shown until the next load starts.
///
/// Restating `@unchecked Sendable` is sound here: every stored property is a
/// `let` of a Sendable type.
public final class SearchStore: Store, @unchecked Sendable {
  /// The items of the current query and where the latest load stands.
  public let results: Property<LoadState<[Item], SearchError>>
  /// The latest request, or `nil` before the first search.
  public let request: Property<SearchRequest?>
  /// How many items match the current query over all pages.
  public let totalCount: Property<Int>
  /// Whether another page can be loaded.
  public let hasMore: Property<Bool>
  /// The last search that loaded a page: what the app remembers between
  /// launches, when it gives the store a persisted variable.
  public let lastSearch: Property<SearchMemory?>

  private let _results = Variable(LoadState<[Item], SearchError>.idle)
  private let _request = Variable<SearchRequest?>(nil)
  private let _totalCount = Variable(0)
  private let _hasMore = Variable(false)

  /// Creates a store that listens to `dispatcher`.
  ///
  /// - Parameters:
  ///   - dispatcher: What to listen to; by default the shared dispatcher.
  ///   - memory: Where to keep the last search that loaded a page: a
  ///     variable of the store's own by default, or one that a
  ///     `PersistentState` saves, to remember it between launches.
  public init(
    dispatcher: AnyObservableDispatcher<SearchDispatcher> = .init(),
    memory: Variable<SearchMemory?> = Variable(nil)
  ) {
    results = _results.asProperty()
    request = _request.asProperty()
    totalCount = _totalCount.asProperty()
    hasMore = _hasMore.asProperty()
    lastSearch = memory.asProperty()
    super.init()

    // Bound in this order on purpose: a subject calls its subscribers in the
    // order they subscribed, so `results` changes last for every action, and
    // whoever observes it finds the request, the total and `hasMore` already
    // updated by the same action.
    bind(dispatcher.request.map { Optional($0) }, to: _request)
    bind(dispatcher.request.filter { $0.page == 1 }.map { _ in false }, to: _hasMore)
    // A request starts a load (the `loading` action that follows it is for
    // views that only show a spinner), so that the request and the loading
    // state change with one action: a view drawn between two actions never
    // sees the new request with the old results.
    bind(dispatcher.request, to: _results) { state, _ in state.startingLoad() }
    bind(dispatcher.items.map(\.totalCount), to: _totalCount)
    bind(dispatcher.items.map(\.hasMore), to: _hasMore)
    bind(dispatcher.items, to: _results) { state, page in
      state.succeeding(
        with: page.request.page == 1 ? page.items : (state.value ?? []) + page.items)
    }
    bind(dispatcher.error, to: _results) { state, error in state.failing(with: error) }
    bind(
      dispatcher.items.map {
        Optional(SearchMemory(query: $0.request.query, page: $0.request.page))
      },
      to: memory)
  }

  /// The items loaded so far for the current query.
  public var items: [Item] { results.value.value ?? [] }

  /// Whether a request is in flight.
  public var isLoading: Bool { results.value.isLoading }

  /// Why the latest request failed, or `nil`.
  public var error: SearchError? { results.value.failure }
}

import FluxCore

/// The search state, kept up to date from the dispatcher and shown read-only.
///
/// Pages of the same query append to ``items``; page 1 replaces them, so a new
/// query starts over. A failure sets ``error`` and keeps the items already
/// shown; the next request clears it.
///
/// Restating `@unchecked Sendable` is sound here: every stored property is a
/// `let` of a Sendable type.
public final class SearchStore: Store, @unchecked Sendable {
  /// The items loaded so far for the current query.
  public let items: Property<[Item]>
  /// Whether a request is in flight.
  public let isLoading: Property<Bool>
  /// Why the latest request failed, or `nil`.
  public let error: Property<SearchError?>
  /// The latest request, or `nil` before the first search.
  public let request: Property<SearchRequest?>
  /// How many items match the current query over all pages.
  public let totalCount: Property<Int>
  /// Whether another page can be loaded.
  public let hasMore: Property<Bool>

  private let _items = Variable<[Item]>([])
  private let _isLoading = Variable(false)
  private let _error = Variable<SearchError?>(nil)
  private let _request = Variable<SearchRequest?>(nil)
  private let _totalCount = Variable(0)
  private let _hasMore = Variable(false)

  /// Creates a store that listens to `dispatcher`.
  ///
  /// - Parameter dispatcher: What to listen to; by default the shared
  ///   dispatcher.
  public init(dispatcher: AnyObservableDispatcher<SearchDispatcher> = .init()) {
    items = _items.asProperty()
    isLoading = _isLoading.asProperty()
    error = _error.asProperty()
    request = _request.asProperty()
    totalCount = _totalCount.asProperty()
    hasMore = _hasMore.asProperty()
    super.init()

    bind(dispatcher.request.map { Optional($0) }, to: _request)
    bind(dispatcher.request.map { _ in SearchError?.none }, to: _error)
    bind(dispatcher.request.filter { $0.page == 1 }.map { _ in false }, to: _hasMore)
    bind(dispatcher.items, to: _items) { items, page in
      page.request.page == 1 ? page.items : items + page.items
    }
    bind(dispatcher.items.map(\.totalCount), to: _totalCount)
    bind(dispatcher.items.map(\.hasMore), to: _hasMore)
    bind(dispatcher.error.map { Optional($0) }, to: _error)
    bind(dispatcher.loading, to: _isLoading)
  }
}

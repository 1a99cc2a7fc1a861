/// The one-line summary of the search state that a view shows.
public enum SearchStatus: Sendable, Hashable, CustomStringConvertible {
  /// Nothing searched yet.
  case idle
  /// A request is in flight.
  case loading(SearchRequest)
  /// Results are shown: how many of how many, for which query.
  case results(query: String, shown: Int, total: Int)
  /// The query matched nothing.
  case noResults(query: String)
  /// The latest request failed.
  case failed(query: String, SearchError)

  /// The status derived from what `store` holds now.
  init(_ store: SearchStore) {
    if store.isLoading, let request = store.request.value {
      self = .loading(request)
    } else if let error = store.error, let request = store.request.value {
      self = .failed(query: request.query, error)
    } else if let request = store.request.value {
      let shown = store.items.count
      self =
        shown == 0
        ? .noResults(query: request.query)
        : .results(query: request.query, shown: shown, total: store.totalCount.value)
    } else {
      self = .idle
    }
  }

  /// The status as a sentence.
  public var description: String {
    switch self {
    case .idle:
      return "Type a query to search."
    case .loading(let request) where request.page == 1:
      return "Searching for “\(request.query)”…"
    case .loading(let request):
      return "Loading page \(request.page) of “\(request.query)”…"
    case .results(let query, let shown, let total) where shown < total:
      return "Showing \(shown) of \(total) results for “\(query)”. More with n."
    case .results(let query, 1, _):
      return "Showing the only result for “\(query)”."
    case .results(let query, let shown, _):
      return "Showing all \(shown) results for “\(query)”."
    case .noResults(let query):
      return "No results for “\(query)”."
    case .failed(let query, let error) where error.isTransient:
      return "Search for “\(query)” failed: \(error). Retry with r."
    case .failed(let query, let error):
      return "Search for “\(query)” failed: \(error)."
    }
  }
}

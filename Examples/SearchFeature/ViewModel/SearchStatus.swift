import FluxCore

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

  /// The status of a search whose results, latest request and total count
  /// are these.
  ///
  /// - Parameters:
  ///   - results: The items and where the latest load stands.
  ///   - request: The latest request, or `nil` before the first search.
  ///   - totalCount: How many items match the query over all pages.
  public init(
    results: LoadState<[Item], SearchError>, request: SearchRequest?, totalCount: Int
  ) {
    guard let request else {
      self = .idle
      return
    }
    if results.isLoading {
      self = .loading(request)
    } else if let error = results.failure {
      self = .failed(query: request.query, error)
    } else {
      let shown = results.value?.count ?? 0
      self =
        shown == 0
        ? .noResults(query: request.query)
        : .results(query: request.query, shown: shown, total: totalCount)
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

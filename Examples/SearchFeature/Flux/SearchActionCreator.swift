import FluxCore

/// Turns user intents into API calls and their outcomes into actions.
///
/// It only sends: it holds the search dispatcher through
/// ``AnyObserverDispatcher``. Every load sends `request` and `loading(true)`,
/// then `items` or `error`, then `loading(false)`, on every path. The latest
/// request wins (a ``LatestTask``): starting one cancels the one in flight,
/// and a response that arrives after a newer request started is dropped, so
/// a slow answer to an old query never overwrites a new one.
@MainActor
public final class SearchActionCreator {
  private let dispatcher: AnyObserverDispatcher<SearchDispatcher>
  private let api: any SearchAPI
  private let perPage: Int

  private let requests = LatestTask()
  /// The last page loaded for the current query, for ``loadNextPage()``.
  private var lastPage: SearchPage?
  /// The latest request, if it failed in a way that may not last, for
  /// ``retry()``.
  private var failedRequest: SearchRequest?

  /// Creates an action creator.
  ///
  /// - Parameters:
  ///   - api: The search service.
  ///   - perPage: How many items a page holds.
  ///   - dispatcher: Where to send; by default the shared dispatcher.
  public init(
    api: any SearchAPI,
    perPage: Int = 5,
    dispatcher: AnyObserverDispatcher<SearchDispatcher> = .init()
  ) {
    self.api = api
    self.perPage = perPage
    self.dispatcher = dispatcher
  }

  /// Whether ``loadNextPage()`` would load something.
  public var canLoadNextPage: Bool { !requests.isRunning && lastPage?.hasMore == true }

  /// Whether ``retry()`` would load something.
  public var canRetry: Bool { !requests.isRunning && failedRequest != nil }

  /// Searches for `query` from its first page, replacing any earlier search.
  public func search(query: String) {
    lastPage = nil
    load(SearchRequest(query: query, perPage: perPage))
  }

  /// Loads the page after the last one loaded, if there is one and nothing is
  /// in flight.
  public func loadNextPage() {
    guard canLoadNextPage, let lastPage else { return }
    load(lastPage.request.nextPage)
  }

  /// Sends the latest request again if it failed with a transient error and
  /// nothing is in flight.
  public func retry() {
    guard canRetry, let failedRequest else { return }
    load(failedRequest)
  }

  private func load(_ request: SearchRequest) {
    failedRequest = nil
    dispatcher.request.dispatch(request)
    dispatcher.loading.dispatch(true)
    requests.run { [api] in
      try await api.search(request)
    } then: { [self] outcome in
      switch outcome.mapError({ $0 as? SearchError ?? .unexpected("\($0)") }) {
      case .success(let page):
        lastPage = page
        dispatcher.items.dispatch(page)
      case .failure(let error):
        failedRequest = error.isTransient ? request : nil
        dispatcher.error.dispatch(error)
      }
      dispatcher.loading.dispatch(false)
    }
  }
}

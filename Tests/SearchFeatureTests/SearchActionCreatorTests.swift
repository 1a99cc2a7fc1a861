import FluxCore
import FluxCoreTesting
import SearchFeature
import TestSupport
import Testing

@Suite @MainActor struct SearchActionCreatorTests {
  private let dispatcher = SearchDispatcher()
  private let store: SearchStore

  init() {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  private func actions(api: any SearchAPI, perPage: Int = 5) -> SearchActionCreator {
    SearchActionCreator(api: api, perPage: perPage, dispatcher: AnyObserverDispatcher(dispatcher))
  }

  @Test func searchLoadsTheFirstPageBetweenLoadingTrueAndFalse() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))
    let loading = TestRecorder<Bool>()
    let subscription = dispatcher.loading.subscribe(loading.handler)

    try await store.load { actions.search(query: "json") }

    #expect(store.items.count == 5)
    #expect(store.request.value == SearchRequest(query: "json", perPage: 5))
    #expect(loading.values == [true, false])
    subscription.dispose()
  }

  @Test func paginationAppendsUntilTheLastPage() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))

    try await store.load { actions.search(query: "json") }
    try await store.load { actions.loadNextPage() }
    let canLoadMore = actions.canLoadNextPage

    #expect(store.items.count == 8)
    #expect(Set(store.items.map(\.id)).count == 8)
    #expect(!store.hasMore.value)
    #expect(!canLoadMore)
  }

  @Test func aNewQueryResetsTheItems() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))
    try await store.load { actions.search(query: "json") }
    try await store.load { actions.loadNextPage() }

    try await store.load { actions.search(query: "sql cache") }

    #expect(store.items.map(\.title) == ["SQL Cache"])
  }

  @Test func anErrorSetsTheErrorKeepsTheItemsAndTurnsLoadingOff() async throws {
    let api = StubSearchAPI(latency: .zero)
    let actions = actions(api: api)
    try await store.load { actions.search(query: "json") }
    await api.simulateOutage(requests: 1)

    try await store.load { actions.search(query: "http") }

    #expect(store.error == .serviceUnavailable)
    #expect(store.items.count == 5)
    #expect(store.items.allSatisfy { $0.title.hasPrefix("JSON") })
    #expect(!store.isLoading)
  }

  @Test func retryLoadsTheFailedRequestAgainAndClearsTheError() async throws {
    let api = StubSearchAPI(latency: .zero)
    let actions = actions(api: api)
    await api.simulateOutage(requests: 1)
    try await store.load { actions.search(query: "http") }

    try await store.load { actions.retry() }

    #expect(store.error == nil)
    #expect(store.items.count == 5)
    #expect(!actions.canRetry)
  }

  @Test func aRejectedQueryCannotBeRetried() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))

    try await store.load { actions.search(query: "error") }

    #expect(store.error == .rejected(query: "error"))
    #expect(!actions.canRetry)
  }

  @Test func theLatestQueryWinsOverASlowerEarlierResponse() async throws {
    let api = ControlledSearchAPI()
    let actions = actions(api: api)
    let history = TestRecorder<[Item]>()
    let loading = TestRecorder<Bool>()
    let subscriptions = [
      store.results.changed.compactMap { state -> [Item]? in
        if case .loaded(let items) = state { items } else { nil }
      }.subscribe(history.handler),
      dispatcher.loading.subscribe(loading.handler),
    ]
    actions.search(query: "old")
    actions.search(query: "new")
    try await api.waitForRequests(2)

    // The old query answers first, then the new one: the old answer must be
    // dropped, so the new one is the only change the store ever shows. The
    // controlled API ignores cancellation: the old task runs to the end.
    await api.respond([
      ("old", 1, .success([item(1, "Old")])),
      ("new", 1, .success([item(2, "New")])),
    ])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    #expect(history.values.map { $0.map(\.title) } == [["New"]])
    #expect(loading.values == [true, true, false])
    #expect(store.request.value?.query == "new")
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test func aLateFailureOfAnOlderQueryIsDroppedToo() async throws {
    let api = ControlledSearchAPI()
    let actions = actions(api: api)
    actions.search(query: "old")
    actions.search(query: "new")
    try await api.waitForRequests(2)

    await api.respond([
      ("old", 1, .failure(.serviceUnavailable)),
      ("new", 1, .success([item(2, "New")])),
    ])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    #expect(store.error == nil)
    #expect(store.items.map(\.title) == ["New"])
  }

  @Test func aNewSearchCancelsTheRequestInFlight() async throws {
    let api = OutcomeRecordingAPI(slowQuery: "old")
    let actions = actions(api: api)
    actions.search(query: "old")
    try await api.waitUntilStarted("old")

    try await store.load { actions.search(query: "new") }
    let oldOutcome = try await api.outcome(of: "old")

    #expect(oldOutcome == "cancelled")
    #expect(store.request.value?.query == "new")
  }
}

/// A stub that takes a minute for one query and no time for the others, and
/// records how each call ended.
actor OutcomeRecordingAPI: SearchAPI {
  private let slowQuery: String
  private let fast = StubSearchAPI(latency: .zero)
  /// The queries started, and how each call ended; waits on them are
  /// bounded.
  private nonisolated let started = TestRecorder<String>()
  private nonisolated let outcomes = TestRecorder<String>()

  init(slowQuery: String) {
    self.slowQuery = slowQuery
  }

  func search(_ request: SearchRequest) async throws -> SearchPage {
    started.handler(request.query)
    do {
      if request.query == slowQuery { try await Task.sleep(for: .seconds(60)) }
      let page = try await fast.search(request)
      outcomes.handler("\(request.query): answered")
      return page
    } catch {
      outcomes.handler("\(request.query): \(error is CancellationError ? "cancelled" : "failed")")
      throw error
    }
  }

  /// Returns once a call for `query` has started; throws after five seconds.
  nonisolated func waitUntilStarted(_ query: String) async throws {
    while !started.values.contains(query) { _ = try await started.next() }
  }

  /// How the call for `query` ended, once it has; throws after five seconds.
  nonisolated func outcome(of query: String) async throws -> String {
    while true {
      if let outcome = outcomes.values.first(where: { $0.hasPrefix(query + ": ") }) {
        return String(outcome.dropFirst(query.count + 2))
      }
      _ = try await outcomes.next()
    }
  }
}

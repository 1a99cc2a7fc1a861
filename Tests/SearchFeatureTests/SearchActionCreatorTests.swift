import FluxCore
import FluxCoreTesting
import SearchFeature
import XCTest

@MainActor
final class SearchActionCreatorTests: XCTestCase {
  private let dispatcher = SearchDispatcher()
  private var store: SearchStore!

  override func setUp() async throws {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  private func actions(api: any SearchAPI, perPage: Int = 5) -> SearchActionCreator {
    SearchActionCreator(api: api, perPage: perPage, dispatcher: AnyObserverDispatcher(dispatcher))
  }

  func testSearchLoadsTheFirstPageBetweenLoadingTrueAndFalse() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))
    let loading = TestRecorder<Bool>()
    let subscription = dispatcher.loading.subscribe(loading.handler)

    try await store.load { actions.search(query: "json") }

    XCTAssertEqual(store.items.count, 5)
    XCTAssertEqual(store.request.value, SearchRequest(query: "json", perPage: 5))
    XCTAssertEqual(loading.values, [true, false])
    subscription.dispose()
  }

  func testPaginationAppendsUntilTheLastPage() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))

    try await store.load { actions.search(query: "json") }
    try await store.load { actions.loadNextPage() }
    let canLoadMore = actions.canLoadNextPage

    XCTAssertEqual(store.items.count, 8)
    XCTAssertEqual(Set(store.items.map(\.id)).count, 8)
    XCTAssertFalse(store.hasMore.value)
    XCTAssertFalse(canLoadMore)
  }

  func testANewQueryResetsTheItems() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))
    try await store.load { actions.search(query: "json") }
    try await store.load { actions.loadNextPage() }

    try await store.load { actions.search(query: "sql cache") }

    XCTAssertEqual(store.items.map(\.title), ["SQL Cache"])
  }

  func testAnErrorSetsTheErrorKeepsTheItemsAndTurnsLoadingOff() async throws {
    let api = StubSearchAPI(latency: .zero)
    let actions = actions(api: api)
    try await store.load { actions.search(query: "json") }
    await api.simulateOutage(requests: 1)

    try await store.load { actions.search(query: "http") }

    XCTAssertEqual(store.error, .serviceUnavailable)
    XCTAssertEqual(store.items.count, 5)
    XCTAssertTrue(store.items.allSatisfy { $0.title.hasPrefix("JSON") })
    XCTAssertFalse(store.isLoading)
  }

  func testRetryLoadsTheFailedRequestAgainAndClearsTheError() async throws {
    let api = StubSearchAPI(latency: .zero)
    let actions = actions(api: api)
    await api.simulateOutage(requests: 1)
    try await store.load { actions.search(query: "http") }

    try await store.load { actions.retry() }

    XCTAssertNil(store.error)
    XCTAssertEqual(store.items.count, 5)
    XCTAssertFalse(actions.canRetry)
  }

  func testARejectedQueryCannotBeRetried() async throws {
    let actions = actions(api: StubSearchAPI(latency: .zero))

    try await store.load { actions.search(query: "error") }

    XCTAssertEqual(store.error, .rejected(query: "error"))
    XCTAssertFalse(actions.canRetry)
  }

  func testTheLatestQueryWinsOverASlowerEarlierResponse() async throws {
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
    await api.waitForRequests(2)

    // The old query answers first, then the new one: the old answer must be
    // dropped, so the new one is the only change the store ever shows. The
    // controlled API ignores cancellation: the old task runs to the end.
    await api.respond([
      ("old", 1, .success([item(1, "Old")])),
      ("new", 1, .success([item(2, "New")])),
    ])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    XCTAssertEqual(history.values.map { $0.map(\.title) }, [["New"]])
    XCTAssertEqual(loading.values, [true, true, false])
    XCTAssertEqual(store.request.value?.query, "new")
    for subscription in subscriptions { subscription.dispose() }
  }

  func testALateFailureOfAnOlderQueryIsDroppedToo() async throws {
    let api = ControlledSearchAPI()
    let actions = actions(api: api)
    actions.search(query: "old")
    actions.search(query: "new")
    await api.waitForRequests(2)

    await api.respond([
      ("old", 1, .failure(.serviceUnavailable)),
      ("new", 1, .success([item(2, "New")])),
    ])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    XCTAssertNil(store.error)
    XCTAssertEqual(store.items.map(\.title), ["New"])
  }

  func testANewSearchCancelsTheRequestInFlight() async throws {
    let api = OutcomeRecordingAPI(slowQuery: "old")
    let actions = actions(api: api)
    actions.search(query: "old")
    await api.waitUntilStarted("old")

    try await store.load { actions.search(query: "new") }
    let oldOutcome = try await withTimeout { await api.outcome(of: "old") }

    XCTAssertEqual(oldOutcome, "cancelled")
    XCTAssertEqual(store.request.value?.query, "new")
  }
}

/// A stub that takes a minute for one query and no time for the others, and
/// records how each call ended.
actor OutcomeRecordingAPI: SearchAPI {
  private let slowQuery: String
  private let fast = StubSearchAPI(latency: .zero)
  private var outcomes: [String: String] = [:]
  private var started: Set<String> = []
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(slowQuery: String) {
    self.slowQuery = slowQuery
  }

  func search(_ request: SearchRequest) async throws -> SearchPage {
    started.insert(request.query)
    notify()
    do {
      if request.query == slowQuery { try await Task.sleep(for: .seconds(60)) }
      let page = try await fast.search(request)
      outcomes[request.query] = "answered"
      notify()
      return page
    } catch {
      outcomes[request.query] = error is CancellationError ? "cancelled" : "failed"
      notify()
      throw error
    }
  }

  func waitUntilStarted(_ query: String) async {
    while !started.contains(query) { await withCheckedContinuation { waiters.append($0) } }
  }

  func outcome(of query: String) async -> String {
    while outcomes[query] == nil { await withCheckedContinuation { waiters.append($0) } }
    return outcomes[query]!
  }

  private func notify() {
    let ready = waiters
    waiters = []
    for waiter in ready { waiter.resume() }
  }
}

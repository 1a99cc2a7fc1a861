import FluxCore
import FluxCoreTesting
import SearchFeature
import TestSupport
import Testing

/// The search feature as a whole, from the view model's input to the
/// store's state, with every action and every state change asserted in
/// order by a `StoreTester`.
@Suite @MainActor struct SearchFlowTests {
  /// What the store shows, as one value a test can compare.
  struct SearchState: Equatable {
    var results: LoadState<[Item], SearchError>
    var request: SearchRequest?
    var totalCount: Int
    var hasMore: Bool

    init(_ store: SearchStore) {
      results = store.results.value
      request = store.request.value
      totalCount = store.totalCount.value
      hasMore = store.hasMore.value
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func typingLoadingResultsAFailureAndARetryAreEachAsserted() async throws {
    let dispatcher = SearchDispatcher()
    let store = SearchStore(dispatcher: .init(dispatcher))
    let api = ControlledSearchAPI()
    let clock = TestClock()
    let actions = SearchActionCreator(api: api, perPage: 2, dispatcher: .init(dispatcher))
    let viewModel = SearchViewModel(
      store: store, actions: actions, debounce: .milliseconds(300), clock: clock)
    let tester = StoreTester(dispatcher) { SearchState(store) }

    // Typing: nothing is sent until the text has stayed the same for 300 ms.
    viewModel.send(.queryChanged("j"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("js"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("json"))
    await clock.advance(by: .milliseconds(299))
    #expect(api.received.isEmpty)
    await clock.advance(by: .milliseconds(1))

    let json = SearchRequest(query: "json", perPage: 2)
    await tester.receive(\.request, json) {
      $0.results = .loading(previous: nil)
      $0.request = json
    }
    await tester.receive(\.loading, true)

    // The results.
    try await api.waitForRequests(1)
    let found = [item(1, "JSON Kit"), item(2, "JSON Cache")]
    await api.respond([("json", 1, .success(found))])
    await tester.receive(\.items, SearchPage(request: json, items: found, totalCount: 2)) {
      $0.results = .loaded(found)
      $0.totalCount = 2
    }
    await tester.receive(\.loading, false)

    // A failure: the items shown stay.
    viewModel.send(.queryChanged("http"))
    await clock.advance(by: .milliseconds(300))
    let http = SearchRequest(query: "http", perPage: 2)
    await tester.receive(\.request, http) {
      $0.results = .loading(previous: found)
      $0.request = http
    }
    await tester.receive(\.loading, true)
    try await api.waitForRequests(2)
    await api.respond([("http", 1, .failure(.serviceUnavailable))])
    await tester.receive(\.error, .serviceUnavailable) {
      $0.results = .failed(.serviceUnavailable, previous: found)
    }
    await tester.receive(\.loading, false)

    // A retry of the same request.
    #expect(viewModel.send(.retry))
    await tester.receive(\.request, http) { $0.results = .loading(previous: found) }
    await tester.receive(\.loading, true)
    try await api.waitForRequests(3)
    let answer = [item(7, "HTTP Client")]
    await api.respond([("http", 1, .success(answer))])
    await tester.receive(\.items, SearchPage(request: http, items: answer, totalCount: 1)) {
      $0.results = .loaded(answer)
      $0.totalCount = 1
    }
    await tester.receive(\.loading, false)

    await tester.finish()
  }

  /// The asynchronous example of the DocC article "Testing Your Stores",
  /// kept here so that it always compiles and passes.
  @Test func aSearchShowsTheFirstPage() async throws {
    let dispatcher = SearchDispatcher()
    let store = SearchStore(dispatcher: .init(dispatcher))
    let actions = SearchActionCreator(
      api: StubSearchAPI(latency: .zero), dispatcher: .init(dispatcher))
    let finished = TestRecorder(store.results.changed.filter { !$0.isLoading })

    actions.search(query: "json")

    let results = try await finished.next()
    #expect(results.first?.value?.count == 5)
  }
}

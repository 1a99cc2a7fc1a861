import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import SearchFeature
import TestSupport
import Testing

@Suite @MainActor struct SearchViewModelTests {
  private let dispatcher = SearchDispatcher()
  private let store: SearchStore

  init() {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  /// A view model on a test clock: with no debounce, a query is searched as
  /// soon as the main actor gets to it, and no test waits in real time.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func viewModel(
    api: any SearchAPI, debounce: Duration = .zero, clock: TestClock = TestClock()
  ) -> SearchViewModel {
    let actions = SearchActionCreator(api: api, dispatcher: AnyObserverDispatcher(dispatcher))
    return SearchViewModel(store: store, actions: actions, debounce: debounce, clock: clock)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func typingIsDebouncedIntoOneSearchForTheLastTextOnTheTestClock() async throws {
    let api = ControlledSearchAPI()
    let clock = TestClock()
    let viewModel = viewModel(api: api, debounce: .milliseconds(300), clock: clock)

    viewModel.send(.queryChanged("j"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("js"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("json"))
    await clock.advance(by: .milliseconds(299))
    let beforeTheDebounce = api.received
    await clock.advance(by: .milliseconds(1))
    try await api.waitForRequests(1)
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    let received = api.received
    #expect(beforeTheDebounce.map(\.query) == [])
    #expect(received.map(\.query) == ["json"])
    #expect(clock.now.offset == .milliseconds(500))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func blankTextSearchesNothingAndCancelsTheTypingBeforeIt() async throws {
    let api = ControlledSearchAPI()
    let clock = TestClock()
    let viewModel = viewModel(api: api, debounce: .milliseconds(300), clock: clock)

    viewModel.send(.queryChanged("json"))
    let willLoad = viewModel.send(.queryChanged("   "))
    await clock.advance(by: .seconds(1))
    viewModel.send(.queryChanged("http"))
    await clock.advance(by: .milliseconds(300))
    try await api.waitForRequests(1)

    let received = api.received
    #expect(!willLoad)
    #expect(received.map(\.query) == ["http"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func nextPageAndRetryDoNothingWhenThereIsNothingToDo() {
    let viewModel = viewModel(api: ControlledSearchAPI())

    #expect(!viewModel.send(.nextPage))
    #expect(!viewModel.send(.retry))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func rowsAndStatusFollowEachLoad() async throws {
    let viewModel = viewModel(api: StubSearchAPI(latency: .zero))

    try await store.load { viewModel.send(.queryChanged("json")) }
    try await viewModel.showLatest()
    let firstPage = (viewModel.rows.map(\.number), "\(viewModel.status)")
    try await store.load { viewModel.send(.nextPage) }
    try await viewModel.showLatest()

    #expect(firstPage.0 == [1, 2, 3, 4, 5])
    #expect(firstPage.1 == "Showing 5 of 8 results for “json”. More with n.")
    #expect(viewModel.rows.map(\.number) == Array(1...8))
    #expect(viewModel.rows[0].description.hasPrefix("1. JSON "))
    #expect("\(viewModel.status)" == "Showing all 8 results for “json”.")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theStatusShowsALoadInFlight() async throws {
    let api = ControlledSearchAPI()
    let viewModel = viewModel(api: api)

    viewModel.send(.queryChanged("json"))
    try await api.waitForRequests(1)
    try await viewModel.showLatest()
    let whileLoading = "\(viewModel.status)"
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })
    try await viewModel.showLatest()

    #expect(whileLoading == "Searching for “json”…")
    #expect("\(viewModel.status)" == "Showing the only result for “json”.")
  }

  /// The store starts a load on the request itself, so even the derived
  /// status, which follows every change of the store, never passes through a
  /// state between two actions (such as the new request with the old
  /// results, or the old request loading), on a second search as on the
  /// first; and the view model shows each status an action left.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theDerivedAndTheShownStatusAreThoseActionsLeft() async throws {
    let api = ControlledSearchAPI()
    let viewModel = viewModel(api: api)
    let derived = TestRecorder(viewModel.statusSource.map { "\($0)" })
    let shown = StatusHistory(viewModel)

    viewModel.send(.queryChanged("json"))
    try await api.waitForRequests(1)
    try await viewModel.showLatest()
    try await shown.catchUp()
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })
    try await viewModel.showLatest()
    try await shown.catchUp()

    // A second search: the status goes straight from the first one's results
    // to the second one loading, and never shows the old query loading or
    // the new query beside the old results.
    viewModel.send(.queryChanged("http"))
    try await api.waitForRequests(2)
    try await viewModel.showLatest()
    try await shown.catchUp()
    await api.respond([("http", 1, .success([item(2), item(3)]))])
    _ = try await firstValue(of: store.results, where: { $0.value?.count == 2 })
    try await viewModel.showLatest()
    try await shown.catchUp()

    let expected = [
      "Type a query to search.", "Searching for “json”…", "Showing the only result for “json”.",
      "Searching for “http”…", "Showing all 2 results for “http”.",
    ]
    #expect(derived.values == expected)
    #expect(shown.values == expected)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aFailureShowsTheErrorInWordsAndKeepsTheRowsShown() async throws {
    let api = StubSearchAPI(latency: .zero)
    let viewModel = viewModel(api: api)
    try await store.load { viewModel.send(.queryChanged("json")) }
    await api.simulateOutage(requests: 1)

    try await store.load { viewModel.send(.queryChanged("http")) }
    try await viewModel.showLatest()

    #expect(
      "\(viewModel.status)"
        == "Search for “http” failed: the search service is unavailable. Retry with r.")
    #expect(viewModel.rows.count == 5)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func freeingTheViewModelEndsItsSubscriptionsToTheStore() {
    weak var freed: SearchViewModel?
    let before = store.results.subscriptionCount
    do {
      let viewModel = viewModel(api: ControlledSearchAPI())
      freed = viewModel
    }

    #expect(freed == nil)
    #expect(store.results.subscriptionCount == before)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension SearchViewModel {
  /// Waits until ``rows`` and ``status`` show the store's latest state (they
  /// follow it on later turns of the main actor).
  func showLatest() async throws {
    try await waitForObservedChanges { self.isShowingLatest }
  }
}

/// Every status a view model shows, read the way SwiftUI reads it: inside
/// `withObservationTracking`, again after each change.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class StatusHistory {
  private(set) var values: [String] = []
  private let viewModel: SearchViewModel

  init(_ viewModel: SearchViewModel) {
    self.viewModel = viewModel
    read()
  }

  /// Waits until the history has read the current status.
  func catchUp() async throws {
    try await waitForObservedChanges { self.values.last == "\(self.viewModel.status)" }
  }

  private func read() {
    let status = withObservationTracking {
      viewModel.status
    } onChange: { [weak self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.read() } }
    }
    if values.last != "\(status)" { values.append("\(status)") }
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import SearchFeature
import XCTest

@MainActor
final class SearchViewModelTests: XCTestCase {
  private let dispatcher = SearchDispatcher()
  private var store: SearchStore!

  override func setUp() async throws {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  /// A view model on a test clock: with no debounce, a query is searched as
  /// soon as the main actor gets to it, and no test waits in real time.
  private func viewModel(
    api: any SearchAPI, debounce: Duration = .zero, clock: TestClock = TestClock()
  ) -> SearchViewModel {
    let actions = SearchActionCreator(api: api, dispatcher: AnyObserverDispatcher(dispatcher))
    return SearchViewModel(store: store, actions: actions, debounce: debounce, clock: clock)
  }

  func testTypingIsDebouncedIntoOneSearchForTheLastTextOnTheTestClock() async throws {
    let api = ControlledSearchAPI()
    let clock = TestClock()
    let viewModel = viewModel(api: api, debounce: .milliseconds(300), clock: clock)

    viewModel.send(.queryChanged("j"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("js"))
    await clock.advance(by: .milliseconds(100))
    viewModel.send(.queryChanged("json"))
    await clock.advance(by: .milliseconds(299))
    let beforeTheDebounce = await api.received
    await clock.advance(by: .milliseconds(1))
    await api.waitForRequests(1)
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    let received = await api.received
    XCTAssertEqual(beforeTheDebounce.map(\.query), [])
    XCTAssertEqual(received.map(\.query), ["json"])
    XCTAssertEqual(clock.now.offset, .milliseconds(500))
  }

  func testBlankTextSearchesNothingAndCancelsTheTypingBeforeIt() async {
    let api = ControlledSearchAPI()
    let clock = TestClock()
    let viewModel = viewModel(api: api, debounce: .milliseconds(300), clock: clock)

    viewModel.send(.queryChanged("json"))
    let willLoad = viewModel.send(.queryChanged("   "))
    await clock.advance(by: .seconds(1))
    viewModel.send(.queryChanged("http"))
    await clock.advance(by: .milliseconds(300))
    await api.waitForRequests(1)

    let received = await api.received
    XCTAssertFalse(willLoad)
    XCTAssertEqual(received.map(\.query), ["http"])
  }

  func testNextPageAndRetryDoNothingWhenThereIsNothingToDo() {
    let viewModel = viewModel(api: ControlledSearchAPI())

    XCTAssertFalse(viewModel.send(.nextPage))
    XCTAssertFalse(viewModel.send(.retry))
  }

  func testRowsAndStatusFollowEachLoad() async throws {
    let viewModel = viewModel(api: StubSearchAPI(latency: .zero))

    try await store.load { viewModel.send(.queryChanged("json")) }
    await viewModel.showLatest()
    let firstPage = (viewModel.rows.map(\.number), "\(viewModel.status)")
    try await store.load { viewModel.send(.nextPage) }
    await viewModel.showLatest()

    XCTAssertEqual(firstPage.0, [1, 2, 3, 4, 5])
    XCTAssertEqual(firstPage.1, "Showing 5 of 8 results for “json”. More with n.")
    XCTAssertEqual(viewModel.rows.map(\.number), Array(1...8))
    XCTAssertTrue(viewModel.rows[0].description.hasPrefix("1. JSON "))
    XCTAssertEqual("\(viewModel.status)", "Showing all 8 results for “json”.")
  }

  func testTheStatusShowsALoadInFlight() async throws {
    let api = ControlledSearchAPI()
    let viewModel = viewModel(api: api)

    viewModel.send(.queryChanged("json"))
    await api.waitForRequests(1)
    await viewModel.showLatest()
    let whileLoading = "\(viewModel.status)"
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })
    await viewModel.showLatest()

    XCTAssertEqual(whileLoading, "Searching for “json”…")
    XCTAssertEqual("\(viewModel.status)", "Showing the only result for “json”.")
  }

  /// The store starts a load on the request itself, so even the derived
  /// status, which follows every change of the store, never passes through a
  /// state between two actions (such as the new request with the old
  /// results); and the view model shows each status an action left.
  func testTheDerivedAndTheShownStatusAreThoseActionsLeft() async throws {
    let api = ControlledSearchAPI()
    let viewModel = viewModel(api: api)
    let derived = TestRecorder(viewModel.statusSource.map { "\($0)" })
    let shown = StatusHistory(viewModel)

    viewModel.send(.queryChanged("json"))
    await api.waitForRequests(1)
    await viewModel.showLatest()
    await shown.catchUp()
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })
    await viewModel.showLatest()
    await shown.catchUp()

    let expected = [
      "Type a query to search.", "Searching for “json”…", "Showing the only result for “json”.",
    ]
    XCTAssertEqual(derived.values, expected)
    XCTAssertEqual(shown.values, expected)
  }

  func testAFailureShowsTheErrorInWordsAndKeepsTheRowsShown() async throws {
    let api = StubSearchAPI(latency: .zero)
    let viewModel = viewModel(api: api)
    try await store.load { viewModel.send(.queryChanged("json")) }
    await api.simulateOutage(requests: 1)

    try await store.load { viewModel.send(.queryChanged("http")) }
    await viewModel.showLatest()

    XCTAssertEqual(
      "\(viewModel.status)",
      "Search for “http” failed: the search service is unavailable. Retry with r.")
    XCTAssertEqual(viewModel.rows.count, 5)
  }

  func testFreeingTheViewModelEndsItsSubscriptionsToTheStore() {
    weak var freed: SearchViewModel?
    let before = store.results.subscriptionCount
    do {
      let viewModel = viewModel(api: ControlledSearchAPI())
      freed = viewModel
    }

    XCTAssertNil(freed)
    XCTAssertEqual(store.results.subscriptionCount, before)
  }
}

extension SearchViewModel {
  /// Lets the main actor run until ``rows`` and ``status`` show the store's
  /// latest state (they follow it on later turns).
  func showLatest() async {
    await mainActorTurns { isShowingLatest }
  }
}

/// Every status a view model shows, read the way SwiftUI reads it: inside
/// `withObservationTracking`, again after each change.
@MainActor
final class StatusHistory {
  private(set) var values: [String] = []
  private let viewModel: SearchViewModel

  init(_ viewModel: SearchViewModel) {
    self.viewModel = viewModel
    read()
  }

  /// Lets the main actor run until the history has read the current status.
  func catchUp() async {
    await mainActorTurns { values.last == "\(viewModel.status)" }
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

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

  private func viewModel(api: any SearchAPI, sleeper: ManualSleeper? = nil) -> SearchViewModel {
    let actions = SearchActionCreator(api: api, dispatcher: AnyObserverDispatcher(dispatcher))
    guard let sleeper else {
      return SearchViewModel(store: store, actions: actions, debounce: .zero)
    }
    return SearchViewModel(
      store: store, actions: actions, debounce: .milliseconds(300), sleep: sleeper.sleep)
  }

  func testTypingIsDebouncedIntoOneSearchForTheLastText() async throws {
    let api = ControlledSearchAPI()
    let sleeper = ManualSleeper()
    let viewModel = viewModel(api: api, sleeper: sleeper)

    viewModel.send(.queryChanged("j"))
    viewModel.send(.queryChanged("js"))
    viewModel.send(.queryChanged("json"))
    try await withTimeout { @MainActor in
      while sleeper.sleepingCount < 1 || sleeper.cancelledCount < 2 { await Task.yield() }
    }
    sleeper.releaseAll()
    await api.waitForRequests(1)
    await api.respond([("json", 1, .success([item(1)]))])
    _ = try await firstValue(of: store.results, where: { !$0.isLoading })

    let received = await api.received
    XCTAssertEqual(received.map(\.query), ["json"])
    XCTAssertEqual(sleeper.cancelledCount, 2)
    XCTAssertEqual(sleeper.durations, Array(repeating: .milliseconds(300), count: 3))
  }

  func testBlankTextSearchesNothing() {
    let viewModel = viewModel(api: ControlledSearchAPI(), sleeper: ManualSleeper())

    let willLoad = viewModel.send(.queryChanged("   "))

    XCTAssertFalse(willLoad)
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

  /// The request and the loading flag are two actions, so the derived status
  /// passes through "no results" between them; the view model, which follows
  /// it latest-value-only on the main actor, never shows that.
  func testTheViewModelNeverShowsTheStatusBetweenTwoActionsOfOneTurn() async throws {
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

    XCTAssertTrue(derived.values.contains("No results for “json”."))
    XCTAssertEqual(
      shown.values,
      ["Type a query to search.", "Searching for “json”…", "Showing the only result for “json”."])
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
    for _ in 0..<1_000 where !isShowingLatest {
      await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
    }
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
    for _ in 0..<1_000 where values.last != "\(viewModel.status)" {
      await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
    }
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

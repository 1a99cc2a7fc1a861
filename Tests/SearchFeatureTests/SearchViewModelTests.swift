import FluxCore
import FluxCoreTesting
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

  func testOutputsShowTheStatusAndTheRowsEachLoadAdded() async throws {
    let viewModel = viewModel(api: StubSearchAPI(latency: .zero))
    let statuses = TestRecorder<String>()
    let loaded = TestRecorder<[Int]>()
    let bag = DisposeBag()
    viewModel.output.status.subscribe { statuses.handler("\($0)") }.disposed(by: bag)
    viewModel.output.loadedRows.subscribe { loaded.handler($0.map(\.number)) }.disposed(by: bag)

    try await store.load { viewModel.send(.queryChanged("json")) }
    try await store.load { viewModel.send(.nextPage) }

    XCTAssertEqual(
      statuses.values,
      [
        "Type a query to search.",
        "Searching for “json”…",
        "Showing 5 of 8 results for “json”. More with n.",
        "Loading page 2 of “json”…",
        "Showing all 8 results for “json”.",
      ])
    XCTAssertEqual(loaded.values, [[1, 2, 3, 4, 5], [6, 7, 8]])
  }

  func testAFailureShowsTheErrorInWordsAndAddsNoRows() async throws {
    let api = StubSearchAPI(latency: .zero)
    let viewModel = viewModel(api: api)
    let statuses = TestRecorder<String>()
    let loaded = TestRecorder<[Int]>()
    let bag = DisposeBag()
    viewModel.output.status.subscribe { statuses.handler("\($0)") }.disposed(by: bag)
    viewModel.output.loadedRows.subscribe { loaded.handler($0.map(\.number)) }.disposed(by: bag)
    await api.simulateOutage(requests: 1)

    try await store.load { viewModel.send(.queryChanged("http")) }

    XCTAssertEqual(
      statuses.values.last,
      "Search for “http” failed: the search service is unavailable. Retry with r.")
    XCTAssertEqual(loaded.values, [])
  }

  func testRowsNumberAllItemsFromOne() async throws {
    let viewModel = viewModel(api: StubSearchAPI(latency: .zero))
    try await store.load { viewModel.send(.queryChanged("json")) }
    try await store.load { viewModel.send(.nextPage) }

    let rows = try await firstValue(of: viewModel.output.rows, where: { _ in true })

    XCTAssertEqual(rows.map(\.number), Array(1...8))
    XCTAssertTrue(rows[0].description.hasPrefix("1. JSON "))
  }
}

import FluxCore
import FluxCoreTesting
import SearchFeature
import XCTest

// The asynchronous example of the DocC article "Testing Your Stores", kept
// here so that it always compiles and passes.

@MainActor
final class SearchFlowTests: XCTestCase {
  func testASearchShowsTheFirstPage() async throws {
    let dispatcher = SearchDispatcher()
    let store = SearchStore(dispatcher: .init(dispatcher))
    let actions = SearchActionCreator(
      api: StubSearchAPI(latency: .zero), dispatcher: .init(dispatcher))
    let finished = TestRecorder(store.results.changed.filter { !$0.isLoading })

    actions.search(query: "json")

    let results = try await finished.next()
    XCTAssertEqual(results.first?.value?.count, 5)
  }
}

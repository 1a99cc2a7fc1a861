import FluxCore
import FluxCoreTesting
import SearchFeature
import XCTest

/// The store alone, driven through its dispatcher.
final class SearchStoreTests: XCTestCase {
  private let dispatcher = SearchDispatcher()
  private var store: SearchStore!

  override func setUp() async throws {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  private func deliver(_ request: SearchRequest, _ items: [Item], total: Int) {
    dispatcher.request.dispatch(request)
    dispatcher.loading.dispatch(true)
    dispatcher.items.dispatch(SearchPage(request: request, items: items, totalCount: total))
    dispatcher.loading.dispatch(false)
  }

  func testPagesOfOneQueryAppend() {
    let first = SearchRequest(query: "a", perPage: 2)

    deliver(first, [item(1), item(2)], total: 3)
    deliver(first.nextPage, [item(3)], total: 3)

    XCTAssertEqual(store.items.map(\.id), [1, 2, 3])
  }

  func testANewQueryStartsOver() {
    deliver(SearchRequest(query: "a", perPage: 2), [item(1), item(2)], total: 4)

    deliver(SearchRequest(query: "b", perPage: 2), [item(9)], total: 1)

    XCTAssertEqual(store.items.map(\.id), [9])
    XCTAssertEqual(store.request.value?.query, "b")
  }

  func testHasMoreTurnsFalseOnTheLastPage() {
    let first = SearchRequest(query: "a", perPage: 2)
    deliver(first, [item(1), item(2)], total: 3)
    let afterFirst = store.hasMore.value

    deliver(first.nextPage, [item(3)], total: 3)

    XCTAssertTrue(afterFirst)
    XCTAssertFalse(store.hasMore.value)
  }

  func testAnErrorKeepsTheItemsAndANewRequestClearsIt() {
    deliver(SearchRequest(query: "a", perPage: 2), [item(1)], total: 1)
    let failing = SearchRequest(query: "b", perPage: 2)

    dispatcher.request.dispatch(failing)
    dispatcher.loading.dispatch(true)
    dispatcher.error.dispatch(.serviceUnavailable)
    dispatcher.loading.dispatch(false)
    let errorAfterFailure = store.error
    let itemsAfterFailure = store.items
    dispatcher.request.dispatch(failing)
    dispatcher.loading.dispatch(true)

    XCTAssertEqual(errorAfterFailure, .serviceUnavailable)
    XCTAssertEqual(itemsAfterFailure.map(\.id), [1])
    XCTAssertNil(store.error)
    XCTAssertEqual(store.results.value, .loading(previous: [item(1)]))
  }

  func testResultsGoThroughLoadingToLoaded() {
    let recorder = TestRecorder(store.results)

    deliver(SearchRequest(query: "a", perPage: 2), [item(1)], total: 1)

    assertValues(recorder, equal: [.idle, .loading(previous: nil), .loaded([item(1)])])
  }

  func testTheStoreLeavesNoSubscriptionOnItsDispatcherWhenItGoes() {
    store = nil

    assertNoLiveSubscriptions(
      dispatcher.request, dispatcher.items, dispatcher.loading, dispatcher.error)
  }
}

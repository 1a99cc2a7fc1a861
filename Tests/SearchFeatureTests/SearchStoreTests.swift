import FluxCore
import FluxCoreTesting
import SearchFeature
import TestSupport
import Testing

/// The store alone, driven through its dispatcher.
@Suite struct SearchStoreTests {
  private let dispatcher = SearchDispatcher()
  private let store: SearchStore

  init() {
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
  }

  private func deliver(_ request: SearchRequest, _ items: [Item], total: Int) {
    dispatcher.request.dispatch(request)
    dispatcher.loading.dispatch(true)
    dispatcher.items.dispatch(SearchPage(request: request, items: items, totalCount: total))
    dispatcher.loading.dispatch(false)
  }

  @Test func pagesOfOneQueryAppend() {
    let first = SearchRequest(query: "a", perPage: 2)

    deliver(first, [item(1), item(2)], total: 3)
    deliver(first.nextPage, [item(3)], total: 3)

    #expect(store.items.map(\.id) == [1, 2, 3])
  }

  @Test func aNewQueryStartsOver() {
    deliver(SearchRequest(query: "a", perPage: 2), [item(1), item(2)], total: 4)

    deliver(SearchRequest(query: "b", perPage: 2), [item(9)], total: 1)

    #expect(store.items.map(\.id) == [9])
    #expect(store.request.value?.query == "b")
  }

  @Test func hasMoreTurnsFalseOnTheLastPage() {
    let first = SearchRequest(query: "a", perPage: 2)
    deliver(first, [item(1), item(2)], total: 3)
    let afterFirst = store.hasMore.value

    deliver(first.nextPage, [item(3)], total: 3)

    #expect(afterFirst)
    #expect(!store.hasMore.value)
  }

  @Test func anErrorKeepsTheItemsAndANewRequestClearsIt() {
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

    #expect(errorAfterFailure == .serviceUnavailable)
    #expect(itemsAfterFailure.map(\.id) == [1])
    #expect(store.error == nil)
    #expect(store.results.value == .loading(previous: [item(1)]))
  }

  @Test func resultsGoThroughLoadingToLoaded() {
    let recorder = TestRecorder(store.results)

    deliver(SearchRequest(query: "a", perPage: 2), [item(1)], total: 1)

    assertValues(recorder, equal: [.idle, .loading(previous: nil), .loaded([item(1)])])
  }

  /// `results` changes last for every action, so whoever observes it finds
  /// the request and `hasMore` that the same action left, on a second search
  /// as on the first: never the old query loading.
  @Test func observersOfResultsFindTheRequestOfTheSameAction() {
    let seen = TestRecorder(
      store.results.map { [store] results in
        "\(results.isLoading ? "loading" : "shown") \(store.request.value?.query ?? "-")"
          + " hasMore: \(store.hasMore.value)"
      })

    deliver(SearchRequest(query: "a", perPage: 1), [item(1)], total: 2)
    deliver(SearchRequest(query: "b", perPage: 1), [item(9)], total: 1)

    assertValues(
      seen,
      equal: [
        "shown - hasMore: false",
        "loading a hasMore: false", "shown a hasMore: true",
        "loading b hasMore: false", "shown b hasMore: false",
      ])
  }

  @Test func theStoreLeavesNoSubscriptionOnItsDispatcherWhenItGoes() async {
    let dispatcher = SearchDispatcher()

    await withNoLiveSubscriptions(
      dispatcher.request, dispatcher.items, dispatcher.loading, dispatcher.error
    ) {
      let store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
      dispatcher.request.dispatch(SearchRequest(query: "a", perPage: 2))
      #expect(store.isLoading)
    }
  }
}

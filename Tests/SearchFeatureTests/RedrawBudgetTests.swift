import FluxCore
import FluxCoreTesting
import SearchFeature
import Testing

/// The redraw budgets of the example's result list, checked with
/// `RedrawTester`: each action redraws the views that show what it changed,
/// and no other.
///
/// The screen is read as its SwiftUI views would read it: the list reads
/// the rows' ids (`ForEach`), each row view reads its own row and whether
/// its item is starred, the status line reads the status, and a badge
/// reads how many favorites there are. The tests send the actions that the
/// action creators send, one at a time, and check each.
@Suite @MainActor struct RedrawBudgetTests {
  private let dispatcher = SearchDispatcher()
  private let actions: AnyObserverDispatcher<SearchDispatcher>
  private let results: SearchStore
  private let favorites: FavoritesStore

  init() {
    actions = AnyObserverDispatcher(dispatcher)
    results = SearchStore(dispatcher: .init(dispatcher))
    favorites = FavoritesStore(dispatcher: .init(dispatcher))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aResultThatChangesOnASearchAgainRedrawsItsRowAndTheStatus() async throws {
    let screen = try await shownScreen()
    let edited = Item(id: 3, title: "Item 3", author: "test", tags: [], stars: 30)

    actions.request.dispatch(firstPage.request)
    await screen.redraws.expect(["status"])  // searching again: the rows stay
    actions.loading.dispatch(true)
    await screen.redraws.expect([])
    actions.items.dispatch(page(firstPage.request, [item(1), item(2), edited, item(4), item(5)]))
    await screen.redraws.expect(["row 3", "status"])
    actions.loading.dispatch(false)
    await screen.redraws.expect([])

    #expect(screen.search.rowList[id: 3]?.item.stars == 30)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theNextPageRedrawsTheListAndTheStatusAndNoRow() async throws {
    let screen = try await shownScreen()
    let next = firstPage.request.nextPage

    actions.request.dispatch(next)
    await screen.redraws.expect(["status"])
    actions.items.dispatch(page(next, [6, 7, 8].map { item($0) }))
    await screen.redraws.expect(["list", "status"])

    #expect(screen.search.rowList.ids == Array(1...8))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aStarRedrawsItsRowAndTheFavoritesCount() async throws {
    let screen = try await shownScreen()
    let request = StarRequest(id: 1, item: item(2), starred: true)

    actions.star.dispatch(request)
    await screen.redraws.expect(["row 2", "favorites count"])
    actions.starAnswer.dispatch(.saved(request))
    await screen.redraws.expect([])  // kept: nothing on the list changes

    #expect(screen.favorites.favoriteList.ids == [2])
  }

  /// The test that the article "Using FluxCore with SwiftUI" shows, as it
  /// shows it: a list of `ObservedCollection` rows, read as its views read
  /// them.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func theArticlesTestOfTheNextPage() async {
    let firstPage = SearchPage(
      request: SearchRequest(query: "json", perPage: 5), items: Array(Catalogue.items[0..<5]),
      totalCount: 8)
    let secondPage = SearchPage(
      request: firstPage.request.nextPage, items: Array(Catalogue.items[5..<8]), totalCount: 8)

    let store = SearchStore(dispatcher: .init(dispatcher))
    let items = Property(derivedFrom: store.results) { $0.value ?? [] }
    actions.items.dispatch(firstPage)
    let rows = ObservedCollection(items)
    #expect(rows.ids == firstPage.items.map(\.id))  // a reader for each row of the first page

    let redraws = RedrawTester(dispatcher)
    redraws.reader("list") { rows.ids }
    for id in rows.ids { redraws.reader("row \(id)") { rows[id: id]?.title } }

    actions.items.dispatch(secondPage)
    await redraws.expect(["list"])
    #expect(rows.ids == (firstPage.items + secondPage.items).map(\.id))
    #expect(store.items.count == 8)
  }

  /// The example's view models, with the first page of "json" shown, and a
  /// tester whose readers are the screen's views.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private func shownScreen() async throws -> (
    search: SearchViewModel, favorites: FavoritesViewModel, redraws: RedrawTester
  ) {
    let api = StubSearchAPI(latency: .zero)
    let search = SearchViewModel(
      store: results, actions: SearchActionCreator(api: api, dispatcher: actions))
    let favorites = FavoritesViewModel(
      store: self.favorites, rows: search.rowsSource,
      actions: FavoritesActionCreator(api: api, dispatcher: actions))
    actions.request.dispatch(firstPage.request)
    actions.items.dispatch(firstPage)
    try await search.showLatest()
    #expect(search.rowList.ids == [1, 2, 3, 4, 5])

    let redraws = RedrawTester(dispatcher)
    redraws.reader("list") { search.rowList.ids }
    for row in search.rows {
      redraws.reader("row \(row.number)") {
        (search.rowList[id: row.id], favorites.favoriteList[id: row.id] != nil)
      }
    }
    redraws.reader("status") { search.status }
    redraws.reader("favorites count") { favorites.favoriteList.count }
    return (search, favorites, redraws)
  }

  /// Page 1 of "json": items 1 to 5 of 8.
  private var firstPage: SearchPage {
    page(SearchRequest(query: "json", perPage: 5), (1...5).map { item($0) })
  }

  /// The page answering `request`, of 8 items in all.
  private func page(_ request: SearchRequest, _ items: [Item]) -> SearchPage {
    SearchPage(request: request, items: items, totalCount: 8)
  }
}

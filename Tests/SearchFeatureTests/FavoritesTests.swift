import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import SearchFeature
import TestSupport
import Testing

/// The favorites of the example: stars shown at once through the stub API,
/// rolled back when it refuses them, and undone and redone as actions.
@Suite @MainActor struct FavoritesTests {
  /// What the favorites store shows, as one value a test can compare.
  struct Shown: Equatable, CustomStringConvertible {
    var favorites: [String]
    var notice: FavoriteNotice?
    var undo: String?
    var redo: String?

    init(_ store: FavoritesStore) {
      favorites = store.favorites.value.items.map(\.title)
      notice = store.notice.value
      undo = store.history.undoLabel.value
      redo = store.history.redoLabel.value
    }

    var description: String { "\(favorites) \(notice.map { "\($0)" } ?? "-") \(undo ?? "-")" }
  }

  private let kit = Catalogue.items.first { $0.title == "JSON Kit" }!
  private let docs = Catalogue.items.first { $0.title == "JSON Docs" }!

  private func feature() -> (
    SearchDispatcher, FavoritesStore, FavoritesActionCreator, StubSearchAPI
  ) {
    let dispatcher = SearchDispatcher()
    let api = StubSearchAPI(latency: .zero)
    return (
      dispatcher, FavoritesStore(dispatcher: .init(dispatcher)),
      FavoritesActionCreator(api: api, dispatcher: .init(dispatcher)), api
    )
  }

  @Test func aStarIsShownAtOnceAndKeptWhenTheServiceSavesIt() async {
    let (dispatcher, store, actions, _) = feature()
    let tester = StoreTester(dispatcher) { Shown(store) }
    let request = StarRequest(id: 1, item: kit, starred: true)

    let answered = actions.setStarred(true, kit)
    await tester.receive(\.star, request) {
      $0.favorites = ["JSON Kit"]
      $0.notice = .starring(request)
    }
    await tester.receive(\.starAnswer, .saved(request)) {
      $0.notice = .saved(request)
      $0.undo = "Star JSON Kit"
    }
    await tester.finish(waitingFor: [answered])
  }

  @Test func aStarTheServiceRefusesIsRolledBackAndSaysSo() async {
    let (dispatcher, store, actions, api) = feature()
    let tester = StoreTester(dispatcher) { Shown(store) }
    let request = StarRequest(id: 1, item: kit, starred: true)
    await api.simulateOutage(requests: 1)

    let answered = actions.setStarred(true, kit)
    await tester.receive(\.star, request) {
      $0.favorites = ["JSON Kit"]
      $0.notice = .starring(request)
    }
    await tester.receive(\.starAnswer, .failed(request, .serviceUnavailable)) {
      $0.favorites = []
      $0.notice = .failed(request, .serviceUnavailable)
    }
    await tester.finish(waitingFor: [answered])
  }

  @Test func undoAndRedoAreActionsThatNameTheStarTheyUndo() async {
    let (dispatcher, store, actions, _) = feature()
    await actions.setStarred(true, kit).value
    await actions.setStarred(true, docs).value
    let tester = StoreTester(dispatcher) { Shown(store) }

    actions.undo()
    await tester.receive(\.undo, .undo()) {
      $0.favorites = ["JSON Kit"]
      $0.notice = .undid("Star JSON Docs")
      $0.undo = "Star JSON Kit"
      $0.redo = "Star JSON Docs"
    }
    actions.redo()
    await tester.receive(\.undo, .redo()) {
      $0.favorites = ["JSON Kit", "JSON Docs"]
      $0.notice = .redid("Star JSON Docs")
      $0.undo = "Star JSON Docs"
      $0.redo = nil
    }
    await tester.finish()
  }

  /// Another device stars JSON Docs (a sync, not a step); undoing the
  /// star of JSON Kit takes back that star only.
  @Test func undoingAStarAfterASyncLeavesWhatTheSyncChanged() async {
    let (dispatcher, store, actions, _) = feature()
    await actions.setStarred(true, kit).value
    let tester = StoreTester(dispatcher) { Shown(store) }
    let synced = Favorites([kit, docs])

    actions.synced(synced)
    await tester.receive(\.favoritesSynced, synced) {
      $0.favorites = ["JSON Kit", "JSON Docs"]
      $0.notice = .synced(synced)  // the undo still names the star: the sync is not a step
    }
    actions.undo()
    await tester.receive(\.undo, .undo()) {
      $0.favorites = ["JSON Docs"]
      $0.notice = .undid("Star JSON Kit")
      $0.undo = nil
      $0.redo = "Star JSON Kit"
    }
    actions.redo()
    await tester.receive(\.undo, .redo()) {
      $0.favorites = ["JSON Kit", "JSON Docs"]  // at its place, before JSON Docs
      $0.notice = .redid("Star JSON Kit")
      $0.undo = "Star JSON Kit"
      $0.redo = nil
    }
    await tester.finish()
  }

  @Test func aStarStillWaitingForItsAnswerIsNotAStepToUndo() async {
    let (_, store, actions, _) = feature()
    await actions.setStarred(true, kit).value

    let waiting = actions.setStarred(true, docs)
    let whileWaiting = Shown(store)
    await waiting.value

    #expect(whileWaiting.favorites == ["JSON Kit", "JSON Docs"])
    #expect(whileWaiting.undo == "Star JSON Kit")
    #expect(Shown(store).undo == "Star JSON Docs")
  }

  @Test func theStubRefusesOneStarInFour() async {
    let (_, store, actions, _) = feature()

    for item in Catalogue.items.prefix(4) { await actions.setStarred(true, item).value }

    #expect(store.favorites.value.items.map(\.id) == [1, 2, 3])
    #expect(store.history.status.value.undoCount == 3)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func rowsThatDoNotExistAreRefusedInWordsNeverTrapped() async {
    let (dispatcher, store, actions, _) = feature()
    let rows = Variable([SearchRow]())
    let viewModel = FavoritesViewModel(store: store, rows: rows.asProperty(), actions: actions)
    func refusal(_ input: FavoritesViewModel.Input) -> String? {
      if case .refused(let reason) = viewModel.send(input) { return reason }
      return nil
    }

    let beforeSearching = refusal(.toggleStar(row: "1"))
    rows.value = Catalogue.items.prefix(8).enumerated().map { SearchRow(number: $0 + 1, item: $1) }
    let refused = ["", "  ", "0", "-1", "9", "99999999999999999999", "x", "1.5", "٣"].map {
      refusal(.toggleStar(row: $0))
    }

    #expect(beforeSearching == "There are no rows to star yet: search first.")
    #expect(refused[0] == "Star which row? Type f and its number, as in f 2.")
    #expect(refused[1] == refused[0])
    #expect(refused[2] == "There is no row “0”: pick one from 1 to 8.")
    #expect(refused[5] == "There is no row “99999999999999999999”: pick one from 1 to 8.")
    #expect(refused.allSatisfy { $0 != nil })
    #expect(refusal(.undo) == "Nothing to undo.")
    #expect(refusal(.redo) == "Nothing to redo.")
    #expect(store.favorites.value.items.isEmpty)
    withExtendedLifetime(dispatcher) {}
  }

  @Test func replayingARecordedSessionBringsFreshStoresToTheSameFavoritesAndHistory() async throws {
    let (dispatcher, store, actions, api) = feature()
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(
      dispatcher, state: { store.favorites.value }, writingLinesTo: lines.handler)
    await actions.setStarred(true, kit).value
    await api.simulateOutage(requests: 1)
    await actions.setStarred(true, docs).value
    await actions.setStarred(false, kit).value
    actions.undo()
    actions.redo()
    actions.undo()
    recording.stop()

    let freshDispatcher = SearchDispatcher()
    let fresh = FavoritesStore(dispatcher: .init(freshDispatcher))
    try await ActionReplay(jsonLines: lines.values.joined(separator: "\n"), into: freshDispatcher)
      .play()

    #expect(recording.skipped == [:])
    #expect(fresh.favorites.value == store.favorites.value)
    #expect(fresh.history.archive == store.history.archive)
    #expect(fresh.favorites.value.items.map(\.title) == ["JSON Kit"])
  }
}

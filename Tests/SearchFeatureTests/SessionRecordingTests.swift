import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import SearchFeature
import TestSupport
import XCTest

/// Recording a session of the search feature and replaying it into fresh
/// stores: they go through the same states, without the API.
@MainActor
final class SessionRecordingTests: XCTestCase {
  /// Everything the store shows, after each change of its results.
  private func states(of store: SearchStore) -> TestRecorder<String> {
    TestRecorder(
      store.results.map { [store] results in
        "\(results) | \(store.request.value.map(\.description) ?? "-") | "
          + "\(store.totalCount.value) | \(store.hasMore.value)"
      })
  }

  func testReplayingTheScriptedSessionGivesFreshStoresTheSameStates() async throws {
    let dispatcher = SearchDispatcher()
    let store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))
    let api = StubSearchAPI(latency: .zero)
    let actions = SearchActionCreator(api: api, dispatcher: AnyObserverDispatcher(dispatcher))
    let original = states(of: store)
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(writingLinesTo: lines.handler)
    try await store.load { actions.search(query: "json") }
    try await store.load { actions.loadNextPage() }
    await api.simulateOutage(requests: 1)
    try await store.load { actions.search(query: "http") }
    try await store.load { actions.retry() }
    try await store.load { actions.search(query: "zebra") }
    recording.stop()

    let freshDispatcher = SearchDispatcher()
    let fresh = SearchStore(dispatcher: AnyObservableDispatcher(freshDispatcher))
    let replayed = states(of: fresh)
    let replay = try ActionReplay(
      jsonLines: lines.values.joined(separator: "\n"), into: freshDispatcher)
    await replay.play()

    XCTAssertEqual(recording.recordedCount, 20)
    XCTAssertEqual(recording.skipped, [:])
    XCTAssertEqual(replayed.values, original.values)
    XCTAssertEqual(fresh.items, store.items)
    XCTAssertEqual(fresh.request.value, store.request.value)
  }

  /// A page whose numbers were edited to the largest Int must not trap when
  /// the store works out whether there are more pages (the fuzz test found
  /// this).
  func testAReplayedPageWithHugeNumbersIsPlayedNotTrapped() async throws {
    let text = #"""
      {"label":"SearchDispatcher.items","time":0,"value":{"items":[],"request":{"page":9223372036854775807,"perPage":9223372036854775807,"query":"x"},"totalCount":5}}
      """#
    let dispatcher = SearchDispatcher()
    let store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher))

    try await ActionReplay(jsonLines: text, into: dispatcher).play()

    XCTAssertFalse(store.hasMore.value)
    XCTAssertEqual(store.totalCount.value, 5)
  }
}

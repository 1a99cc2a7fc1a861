import Dispatch
import FluxCore
import FluxCoreTesting
import Testing

@testable import TodoFeature

/// An action creator that a completion handler calls, on the handler's own
/// thread, whatever the target's default isolation.
@Suite struct TodoSyncTests {
  /// The stores follow a sync that the client answers on its own queue.
  @Test @MainActor func aSyncShowsTheMatchingItems() async {
    let dispatcher = TodoDispatcher()
    let store = TodoStore(dispatcher: .init(dispatcher))
    let counter = TodoCountStore(dispatcher: .init(dispatcher))
    let tester = StoreTester(dispatcher) { TodoState(store, counter) }
    let creator = TodoSyncActionCreator(service: TodoSyncService(), dispatcher: .init(dispatcher))

    creator.sync(matching: "Buy")

    await tester.receive(\.loading, true) { $0.isLoading = true }
    await tester.receive(\.items, boughtItems) {
      $0.titles = ["Buy milk", "Buy stamps"]
      $0.count = 2
    }
    await tester.receive(\.loading, false) { $0.isLoading = false }
    await tester.finish()
  }

  /// What the client answers is dispatched on its queue, while the handler
  /// runs, and reaches the store there: no hop to the main actor in
  /// between.
  @Test func theAnswerIsDispatchedOnTheClientsQueue() async throws {
    let dispatcher = TodoDispatcher()
    let store = TodoStore(dispatcher: .init(dispatcher))
    let service = TodoSyncService()
    let creator = TodoSyncActionCreator(service: service, dispatcher: .init(dispatcher))
    // For each list dispatched: whether on the client's queue, and what the
    // store held right after (the subscription comes after the store's).
    let seen = TestRecorder<(onClientQueue: Bool, titles: [String])>()
    let token = AnyObservableDispatcher(dispatcher).items.subscribe { _ in
      seen.handler((service.isOnCallbackQueue, store.titles))
    }
    defer { token.dispose() }

    creator.sync(matching: "stamps")

    let values = try await seen.waitForValues(count: 1)
    #expect(values.map(\.onClientQueue) == [true])
    #expect(values.map(\.titles) == [["Buy stamps"]])
  }

  /// Called from a global queue, as from any callback, the action creator
  /// compiles and sends.
  @Test func anotherThreadCallsTheActionCreator() async throws {
    let dispatcher = TodoDispatcher()
    let store = TodoStore(dispatcher: .init(dispatcher))
    let errors = TestRecorder(store.error.changed)
    let creator = TodoSyncActionCreator(service: TodoSyncService(), dispatcher: .init(dispatcher))

    DispatchQueue.global().async { creator.received(.failure(.offline)) }

    #expect(try await errors.waitForValues(count: 1) == [.offline])
  }
}

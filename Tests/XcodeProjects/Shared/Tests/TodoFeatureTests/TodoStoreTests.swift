import FluxCore
import FluxCoreTesting
import XCTest

@testable import TodoFeature

// `nonisolated`, as every XCTestCase subclass here: on Linux, XCTest's
// `XCTestCase` is a Swift class with nonisolated initializers, and in a target
// whose default isolation is the main actor the compiler gives a subclass's
// inherited initializers the main actor, then rejects them ("main
// actor-isolated initializer 'init(name:testClosure:)' has different actor
// isolation from nonisolated overridden declaration": swiftlang/swift#84644,
// the error `Store` avoids by being `nonisolated` itself).

/// The feature's stores, driven through its action creator and asserted
/// action by action.
nonisolated final class TodoStoreTests: XCTestCase {
  @MainActor
  func testLoadingShowsTheMatchingItems() async {
    let feature = TodoFixture()
    let tester = feature.tester()

    let load = feature.actions.load(matching: "Buy")

    await tester.receive(\.loading, true) { $0.isLoading = true }
    await tester.receive(\.items, boughtItems) {
      $0.titles = ["Buy milk", "Buy stamps"]
      $0.count = 2
    }
    await tester.receive(\.loading, false) { $0.isLoading = false }
    await tester.finish(waitingFor: [load])
  }

  @MainActor
  func testAddingAndClearingChangeTheListAndTheCount() async {
    let feature = TodoFixture()
    let tester = feature.tester()

    feature.actions.add(TodoItem(id: 9, title: "Call Ada"))
    feature.actions.clear()

    await tester.receive(\.added, TodoItem(id: 9, title: "Call Ada")) {
      $0.titles = ["Call Ada"]
      $0.count = 1
    }
    await tester.receive(\.clear) {
      $0.titles = []
      $0.count = 0
    }
    await tester.finish()
  }

  @MainActor
  func testAFailedLoadSaysWhy() async {
    let feature = TodoFixture(api: StubTodoAPI(isOffline: true))
    let tester = feature.tester()

    let load = feature.actions.load(matching: "")

    await tester.receive(\.loading, true) { $0.isLoading = true }
    await tester.receive(\.failed, .offline) { $0.error = .offline }
    await tester.receive(\.loading, false) { $0.isLoading = false }
    await tester.finish(waitingFor: [load])
  }

  /// A store is made, bound and fed on any thread, whatever the target's
  /// default isolation.
  func testAStoreWorksOffTheMainActor() async {
    let made = await Task.detached {
      let dispatcher = TodoDispatcher()
      let store = TodoStore(dispatcher: .init(dispatcher))
      let titles = TestRecorder(store.items.map { $0.map(\.title) })
      AnyObserverDispatcher(dispatcher).added.dispatch(TodoItem(id: 1, title: "Buy milk"))
      return titles
    }.value

    assertValues(made, equal: [[], ["Buy milk"]])
  }
}

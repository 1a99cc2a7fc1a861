import FluxCore
import FluxCoreTesting
import Testing

@testable import TodoFeature

/// The `StoreBindings` store, under Swift Testing.
@Suite struct TodoCountStoreTests {
  @Test func theCountFollowsLoadsAddsAndClears() {
    let dispatcher = TodoDispatcher()
    let counter = TodoCountStore(dispatcher: .init(dispatcher))
    let counts = TestRecorder(counter.count)
    let actions = AnyObserverDispatcher(dispatcher)

    actions.items.dispatch(boughtItems)
    actions.added.dispatch(TodoItem(id: 9, title: "Call Ada"))
    actions.clear.dispatch(())

    assertValues(counts, equal: [0, 2, 3, 0])
  }
}

import FluxCore
import FluxCoreTesting

@testable import TodoFeature

/// The feature's parts, wired to a dispatcher of the test's own.
@MainActor
struct TodoFixture {
  let dispatcher = TodoDispatcher()
  let store: TodoStore
  let counter: TodoCountStore
  let actions: TodoActionCreator

  init(api: StubTodoAPI = StubTodoAPI()) {
    store = TodoStore(dispatcher: .init(dispatcher))
    counter = TodoCountStore(dispatcher: .init(dispatcher))
    actions = TodoActionCreator(api: api, dispatcher: .init(dispatcher))
  }

  /// A tester of both stores, from their state now.
  func tester() -> StoreTester<TodoDispatcher, TodoState> {
    StoreTester(dispatcher) { [store, counter] in TodoState(store, counter) }
  }
}

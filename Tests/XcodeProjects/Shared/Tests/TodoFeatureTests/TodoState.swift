@testable import TodoFeature

/// What the two stores hold, as one value a `StoreTester` compares.
// `nonisolated`: the tester reads and compares it on any thread; see TodoItem.
nonisolated struct TodoState: Equatable, Sendable {
  var titles: [String] = []
  var isLoading = false
  var error: TodoError?
  var count = 0

  init() {}

  init(_ store: TodoStore, _ counter: TodoCountStore) {
    titles = store.items.value.map(\.title)
    isLoading = store.isLoading.value
    error = store.error.value
    count = counter.count.value
  }
}

/// The stub's items that match "Buy".
let boughtItems = [TodoItem(id: 1, title: "Buy milk"), TodoItem(id: 3, title: "Buy stamps")]

/// Where the items come from.
protocol TodoAPI: Sendable {
  func items(matching query: String) async throws -> [TodoItem]
}

/// An API that answers from a fixed list, or fails when it is offline.
struct StubTodoAPI: TodoAPI {
  var all = [
    TodoItem(id: 1, title: "Buy milk"),
    TodoItem(id: 2, title: "Write tests"),
    TodoItem(id: 3, title: "Buy stamps"),
  ]
  var isOffline = false

  func items(matching query: String) async throws -> [TodoItem] {
    if isOffline { throw TodoError.offline }
    return all.filter { query.isEmpty || $0.title.contains(query) }
  }
}

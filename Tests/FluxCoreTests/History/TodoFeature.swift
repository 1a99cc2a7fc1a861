import FluxCore
import FluxCoreTesting

/// A to-do app's state layer, as the issue's report ported one: tasks the
/// user finishes, adds and removes (steps), and a sync that replaces the
/// list with the server's (not a step, on purpose).
struct Todo: Identifiable, Equatable, Codable, Sendable, CustomStringConvertible {
  let id: Int
  var title: String
  var isDone = false

  var description: String { "\(id)\(isDone ? "✓" : "")\(title.isEmpty ? "" : ":" + title)" }
}

/// A screen of to-dos: what the history of the part tracks, beside what it
/// must leave alone.
struct TodoScreen: Equatable, Sendable {
  var todos: [Todo] = []
  var isLoading = false
  var selection: Int?
}

final class TodoDispatcher: DispatcherType {
  static let shared = TodoDispatcher()
  let finish = DispatchSubject<Int>()
  let add = DispatchSubject<Todo>()
  let remove = DispatchSubject<Int>()
  let move = DispatchSubject<Int>()  // to the front
  let synced = DispatchSubject<[Todo]>()
  let undo = DispatchSubject<UndoCommand>()
}

/// The to-do list, its history, and the actions that change it.
final class TodoStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let todos = Variable<[Todo]>([])
  let history: UndoHistory<[Todo]>

  init(
    _ initial: [Todo], dispatcher: TodoDispatcher, revert: UndoRevert<[Todo]>,
    size: @escaping @Sendable ([Todo]) -> Int = { $0.count }
  ) {
    todos.value = initial
    history = UndoHistory(
      of: todos, revert: revert, size: size,
      isStep: { $0.action?.label != "TodoDispatcher.synced" })
    super.init()
    let view = AnyObservableDispatcher(dispatcher)
    bind(view.finish, to: todos) { todos, id in todos.setting(done: true, for: [id]) }
    bind(view.add, to: todos) { todos, todo in todos + [todo] }
    bind(view.remove, to: todos) { todos, id in todos.filter { $0.id != id } }
    bind(view.move, to: todos) { todos, id in
      todos.filter { $0.id == id } + todos.filter { $0.id != id }
    }
    bind(view.synced, to: todos) { _, server in server }
    bind(view.undo, to: history)
  }
}

extension [Todo] {
  /// The tasks, with `done` set on those of `ids`.
  func setting(done: Bool, for ids: [Int]) -> [Todo] {
    map { todo in
      var todo = todo
      if ids.contains(todo.id) { todo.isDone = done }
      return todo
    }
  }

  /// As in `1✓ 2 3:Buy milk`.
  var text: String { map(\.description).joined(separator: " ") }
}

extension UndoRevert where Value == [Todo] {
  /// The app's own inverse: undo un-finishes the tasks the step's actions
  /// finished, redo finishes them again; every other change of the list,
  /// by the step or since, stays.
  static var inverseOfFinish: UndoRevert {
    @Sendable func finished(_ step: UndoHistory<[Todo]>.Step) -> [Int] {
      step.actions.compactMap { $0.label == "TodoDispatcher.finish" ? $0.value as? Int : nil }
    }
    return UndoRevert(
      undo: { present, step in present.setting(done: false, for: finished(step)) },
      redo: { present, step in present.setting(done: true, for: finished(step)) })
  }
}

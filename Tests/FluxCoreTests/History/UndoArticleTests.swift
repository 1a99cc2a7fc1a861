import FluxCore
import FluxCoreTesting
import XCTest

/// What the article "Undo and optimistic updates" says its examples of an
/// undo that takes back its step only, and of a view of the kept states,
/// do: the comments in them, run.
final class UndoArticleTests: XCTestCase {
  fileprivate struct Todo: Identifiable, Codable, Sendable, Equatable {
    let id: Int
    var title: String
    var isDone = false
  }

  private struct TodoScreen: Codable, Sendable, Equatable {
    var todos: [Todo] = []
    var isLoading = false
    var selection: Todo.ID?
  }

  private final class TodosDispatcher: DispatcherType {
    static let shared = TodosDispatcher()
    let finish = DispatchSubject<Todo.ID>()
    let synced = DispatchSubject<[Todo]>()
    let undo = DispatchSubject<UndoCommand>()
  }

  private final class TodosStore: Store, @unchecked Sendable {
    let todos: Property<[Todo]>
    let history: UndoHistory<[Todo]>
    private let _todos: Variable<[Todo]>

    init(
      _ todos: [Todo], revert: UndoRevert<[Todo]> = .byElement,
      dispatcher: AnyObservableDispatcher<TodosDispatcher>
    ) {
      _todos = Variable(todos)
      self.todos = _todos.asProperty()
      history = UndoHistory(
        of: _todos, revert: revert,
        isStep: { change in change.action?.label != "TodosDispatcher.synced" })
      super.init()
      bind(dispatcher.finish, to: _todos) { todos, id in todos.settingDone(true, for: [id]) }
      bind(dispatcher.synced, to: _todos) { _, server in server }
      bind(dispatcher.undo, to: history)
    }
  }

  func testTheHistoryOfAPartUndoesTheTaskAndLeavesTheLoadingFlag() {
    let screen = Variable(TodoScreen(todos: [Todo(id: 1, title: "Write to Ada")]))
    let todosHistory = UndoHistory(of: screen, tracking: \.todos)
    screen.value.todos[0].isDone = true

    screen.value.isLoading = true
    todosHistory.undo()

    XCTAssertFalse(screen.value.todos[0].isDone)
    XCTAssertTrue(screen.value.isLoading)
  }

  func testTheAppsOwnInverseUndoesTheTaskAndKeepsWhatTheSyncAdded() {
    for revert in [UndoRevert<[Todo]>.byElement, unfinish] {
      let dispatcher = TodosDispatcher()
      let actions = AnyObserverDispatcher(dispatcher)
      let todos = TodosStore(
        [Todo(id: 1, title: "Write to Ada")], revert: revert, dispatcher: .init(dispatcher))

      actions.finish.dispatch(1)
      let label = todos.history.undoLabel.value
      actions.synced.dispatch(todos.todos.value + [Todo(id: 2, title: "Call Ada")])
      actions.undo.dispatch(.undo())

      XCTAssertEqual(label, "TodosDispatcher.finish")
      XCTAssertEqual(
        todos.todos.value, [Todo(id: 1, title: "Write to Ada"), Todo(id: 2, title: "Call Ada")])
    }
  }

  private let unfinish = UndoRevert<[Todo]>(
    undo: { present, step in
      present.settingDone(false, for: step.actions.compactMap { $0.value as? Todo.ID })
    },
    redo: { present, step in
      present.settingDone(true, for: step.actions.compactMap { $0.value as? Todo.ID })
    })

  func testTheViewOfTheKeptStatesDrawsThemAgainWhenTheOldestIsDropped() {
    let count = Variable(0)
    let kept = UndoHistory(of: count, maxSteps: 2)
    let lines = Lock<[String]>([])
    let drawing = kept.status.subscribe { _ in
      let archive = kept.archive
      lines.withLock { $0.append("\(archive.past.map(\.value)) \(archive.present)") }
    }

    count.value = 1
    count.value = 2
    count.value = 3

    XCTAssertEqual(lines.withLock { $0 }, ["[] 0", "[0] 1", "[0, 1] 2", "[1, 2] 3"])
    drawing.dispose()
  }
}

extension [UndoArticleTests.Todo] {
  fileprivate func settingDone(_ isDone: Bool, for ids: [Int]) -> [UndoArticleTests.Todo] {
    map { todo in
      var todo = todo
      if ids.contains(todo.id) { todo.isDone = isDone }
      return todo
    }
  }
}

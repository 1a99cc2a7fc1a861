import FluxCore

/// The list and where loading stands; it can listen, not send.
///
/// Restating `@unchecked Sendable` is sound: every stored property is a `let`
/// of a Sendable type.
final class TodoStore: Store, @unchecked Sendable {
  let items: Property<[TodoItem]>
  let isLoading: Property<Bool>
  let error: Property<TodoError?>
  private let _items = Variable<[TodoItem]>([])
  private let _isLoading = Variable(false)
  private let _error = Variable<TodoError?>(nil)

  init(dispatcher: AnyObservableDispatcher<TodoDispatcher> = .init()) {
    items = _items.asProperty()
    isLoading = _isLoading.asProperty()
    error = _error.asProperty()
    super.init()
    bind(dispatcher.items, to: _items)
    bind(dispatcher.added, to: _items) { items, item in items + [item] }
    bind(dispatcher.clear.map { _ in [] }, to: _items)
    bind(dispatcher.loading, to: _isLoading)
    bind(dispatcher.failed.map { Optional($0) }, to: _error)
    bind(dispatcher.items.map { _ in nil }, to: _error)
  }
}

import FluxCore

/// The subjects of the to-do feature, one per concern.
final class TodoDispatcher: DispatcherType {
  static let shared = TodoDispatcher()
  let loading = DispatchSubject<Bool>()
  let items = DispatchSubject<[TodoItem]>()
  let added = DispatchSubject<TodoItem>()
  let failed = DispatchSubject<TodoError>()
  let clear = DispatchSubject<Void>()
}

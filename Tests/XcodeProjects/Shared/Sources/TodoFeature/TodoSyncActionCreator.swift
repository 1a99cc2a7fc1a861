import FluxCore

/// Syncs the list through a completion-handler client, and dispatches what
/// the handler hears from the handler's own thread, as the seeds do: a
/// dispatcher takes actions from any thread, in order.
///
/// `nonisolated`: the handler runs on the client's queue, not on the main
/// actor. In a target whose default isolation is the main actor, an action
/// creator without the word is a main-actor type, and calling it there fails
/// to compile: "call to main actor-isolated instance method 'received' in a
/// synchronous nonisolated context". Its stored properties are `let`s of
/// Sendable types, so it is Sendable, and any thread may call it.
nonisolated struct TodoSyncActionCreator {
  private let dispatcher: AnyObserverDispatcher<TodoDispatcher>
  private let service: TodoSyncService

  init(service: TodoSyncService, dispatcher: AnyObserverDispatcher<TodoDispatcher> = .init()) {
    self.service = service
    self.dispatcher = dispatcher
  }

  /// Starts a sync of the items that match `query`; what the client answers
  /// is dispatched on its queue, by ``received(_:)``.
  func sync(matching query: String) {
    dispatcher.loading.dispatch(true)
    service.fetchItems(matching: query) { result in
      received(result)
    }
  }

  /// Sends what the client answered, from the thread that calls it (the
  /// client's queue).
  func received(_ result: Result<[TodoItem], TodoError>) {
    switch result {
    case .success(let items): dispatcher.items.dispatch(items)
    case .failure(let error): dispatcher.failed.dispatch(error)
    }
    dispatcher.loading.dispatch(false)
  }
}

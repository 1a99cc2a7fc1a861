import FluxCore

/// Turns what the user does into actions; it can send, not listen.
@MainActor
final class TodoActionCreator {
  private let dispatcher: AnyObserverDispatcher<TodoDispatcher>
  private let api: any TodoAPI
  private let requests = LatestTask()

  init(api: any TodoAPI, dispatcher: AnyObserverDispatcher<TodoDispatcher> = .init()) {
    self.api = api
    self.dispatcher = dispatcher
  }

  /// Loads the items that match `query`; a newer load wins.
  @discardableResult
  func load(matching query: String) -> Task<Void, Never> {
    dispatcher.loading.dispatch(true)
    return requests.run { [api] in
      try await api.items(matching: query)
    } then: { [dispatcher] outcome in
      switch outcome {
      case .success(let items): dispatcher.items.dispatch(items)
      case .failure(let error as TodoError): dispatcher.failed.dispatch(error)
      case .failure: break
      }
      dispatcher.loading.dispatch(false)
    }
  }

  func add(_ item: TodoItem) {
    dispatcher.added.dispatch(item)
  }

  func clear() {
    dispatcher.clear.dispatch(())
  }
}

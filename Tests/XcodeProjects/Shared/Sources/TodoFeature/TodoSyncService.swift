import Dispatch

/// A client that answers through a completion handler, as
/// `URLSession.dataTask(with:completionHandler:)` does: the handler runs
/// later, on a queue of the client's own, never on the main thread.
///
/// `nonisolated`, as a network library's client is: it is called from any
/// thread. (In a target whose default isolation is the main actor it would
/// otherwise be a main-actor type.)
nonisolated final class TodoSyncService: Sendable {
  /// The queue the handlers run on: a network library's delegate queue.
  let callbackQueue = DispatchQueue(label: "TodoSyncService.callbacks")
  private let isCallbackQueue = DispatchSpecificKey<Bool>()
  private let all: [TodoItem]
  private let isOffline: Bool

  init(all: [TodoItem] = StubTodoAPI().all, isOffline: Bool = false) {
    self.all = all
    self.isOffline = isOffline
    callbackQueue.setSpecific(key: isCallbackQueue, value: true)
  }

  /// Whether the calling code runs on ``callbackQueue``.
  var isOnCallbackQueue: Bool { DispatchQueue.getSpecific(key: isCallbackQueue) == true }

  /// Fetches the items that match `query`; calls `completionHandler` on
  /// ``callbackQueue``.
  func fetchItems(
    matching query: String,
    completionHandler: @escaping @Sendable (Result<[TodoItem], TodoError>) -> Void
  ) {
    let result: Result<[TodoItem], TodoError> =
      isOffline
      ? .failure(.offline) : .success(all.filter { query.isEmpty || $0.title.contains(query) })
    callbackQueue.async { completionHandler(result) }
  }
}

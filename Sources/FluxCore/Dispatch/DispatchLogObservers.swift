/// The observers of ``DispatchLog``, each with the subjects it is limited to.
final class DispatchLogObservers: Sendable {
  struct Entry: Sendable {
    /// The subjects whose actions the observer sees; `nil` for all.
    let subjects: Set<ObjectIdentifier>?
    /// The dispatcher whose views' actions the observer sees too, whatever
    /// their subject.
    let dispatcher: UInt?
    /// Called before the dispatch; returns what to call after it, if
    /// anything.
    let observer: @Sendable (DispatchRecord) -> (@Sendable () -> Void)?
  }

  private struct State: Sendable {
    var nextID = 0
    var all: [(id: Int, entry: Entry)] = []
    /// How many want ``ActionContext/current`` kept up to date (see
    /// ActionContext.swift): the log is active for them too.
    var contextUsers = 0

    var isActive: Bool { !all.isEmpty || contextUsers > 0 }
  }

  private let state = Lock(State())

  init() {}

  func add(_ entry: Entry) -> Int {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.all.append((id: id, entry: entry))
      dispatchLogIsActive.store(true, ordering: .relaxed)
      return id
    }
  }

  func remove(_ id: Int) {
    let removed = state.withLock { state in
      let removed = state.all.filter { $0.id == id }
      state.all.removeAll { $0.id == id }
      dispatchLogIsActive.store(state.isActive, ordering: .relaxed)
      return removed
    }
    withExtendedLifetime(removed) {}  // released outside the lock
  }

  /// Counts one more user of ``ActionContext``.
  func addContextUser() {
    state.withLock { state in
      state.contextUsers += 1
      dispatchLogIsActive.store(true, ordering: .relaxed)
    }
  }

  /// Counts one user of ``ActionContext`` fewer.
  func removeContextUser() {
    state.withLock { state in
      state.contextUsers -= 1
      dispatchLogIsActive.store(state.isActive, ordering: .relaxed)
    }
  }

  /// Calls every observer that sees `record`'s subject, outside the lock.
  ///
  /// - Returns: What the observers asked to be called once the action has
  ///   been dispatched.
  func log(_ record: DispatchRecord) -> [@Sendable () -> Void] {
    let all = state.withLock { $0.all }
    guard !all.isEmpty else { return [] }
    var afterwards: [@Sendable () -> Void] = []
    for (_, entry) in all {
      if let subjects = entry.subjects {
        let isTheDispatchers = entry.dispatcher != nil && record.dispatcher == entry.dispatcher
        guard isTheDispatchers || record.subject.map(subjects.contains) == true else { continue }
      }
      if let after = entry.observer(record) { afterwards.append(after) }
    }
    return afterwards
  }
}

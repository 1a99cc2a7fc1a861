// The engine of `Variable`: a subject that remembers the latest value and
// replays it to new subscriptions. Publishing goes through the lock, so values
// are delivered in exactly the order they were stored.

extension DispatchSubject {
  /// The latest published value and the number of writes so far.
  @inlinable
  var latestWithWriteCount: (value: Element?, writes: Int) {
    lock.withLock(guarding: typedState) { _, state in (state.latest, state.writes) }
  }

  /// The latest published value; as of the last finished action that wrote
  /// it, while a view is being made (State/StateStamp.swift).
  @inlinable
  var currentValue: Element? {
    lock.withLock(guarding: typedState) { _, state in
      StateStamp.isReadingCommitted ? state.committed : state.latest
    }
  }

  /// Reads the latest value and the write count for an update on `thread`,
  /// and notes that the update's body is running there.
  @inlinable
  func beginUpdate(on thread: UInt) -> (value: Element?, writes: Int) {
    lock.withLock(guarding: typedState) { _, state in
      state.updatingThreads.append(thread)
      return (state.latest, state.writes)
    }
  }

  /// Stores `value` as the latest and delivers it to every subscriber.
  ///
  /// - Parameters:
  ///   - value: The value to publish.
  ///   - expectedWrites: If given, publish only if no other write has
  ///     happened since the caller read this write count.
  ///   - updatingThread: The thread of the update whose body has just
  ///     returned, if this write ends one (see ``beginUpdate(on:)``).
  /// - Returns: Whether `value` was published.
  @inlinable
  @discardableResult
  func publish(
    _ value: Element, ifWriteCountIs expectedWrites: Int? = nil,
    endingUpdateOn updatingThread: UInt? = nil
  ) -> Bool {
    let role = DeliveryState.role(at: currentStackAddress())
    let stamp = StateStamp.forWrite()
    let (published, owned, replaced, stale) = lock.withLock(guarding: typedState) {
      registry, state in
      if let updatingThread,
        let index = state.updatingThreads.lastIndex(of: updatingThread)
      {
        state.updatingThreads.remove(at: index)
      }
      if !state.updatingThreads.isEmpty {
        trapWriteInsideUpdate(state.updatingThreads)
      }
      if let expectedWrites, state.writes != expectedWrites {
        return (false, false, Element?.none, SnapshotToRelease.nothing)
      }
      let replaced = state.store(value, stampedWith: stamp)
      state.writes += 1
      let (owned, stale) = takeRoleOrQueue(
        .event(value), as: role, registry: &registry, state: &state, refreshing: true)
      return (true, owned, replaced, stale)
    }
    // Outside the lock: these releases may run deinit code.
    stale.release()
    withExtendedLifetime(replaced) {}
    if owned {
      ActionDepth.enter()
      core.deliverToSnapshot(value)
      endDelivery(role, of: core, budgeted: true, stamped: true)
    } else if !ActionDepth.isInsideAction {
      // Queued for another thread (or not published): the action this
      // write began is this call, and it ends here.
      ThreadFrame.actionEnded()
    }
    return published
  }
}

/// Stops the program if the calling thread is running an update body of the
/// variable it writes to: such a write makes the update start over, forever.
@usableFromInline
func trapWriteInsideUpdate(_ updatingThreads: ContiguousArray<UInt>) {
  let thread = currentThreadID()
  guard updatingThreads.contains(thread) else { return }
  preconditionFailure(
    """
    Variable.update: the body wrote to the variable it is updating, which would \
    make the update start over after every such write and never finish. Change \
    the value through the body's inout parameter only, and write to the variable \
    after update returns.
    """)
}

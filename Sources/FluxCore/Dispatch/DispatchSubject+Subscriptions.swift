import Synchronization

extension DispatchSubject {
  /// Subscribes `handler`, first replaying the latest published value if
  /// `replayingLatest` is set and there is one.
  ///
  /// The subscription starts with the next event: at once when the subject is
  /// idle, or behind the work already queued when it is busy, so that it never
  /// sees an event that was dispatched before it. A replayed value is delivered
  /// by the role holder like any event, never alongside another call.
  func subscribe(
    replayingLatest: Bool,
    _ handler: @escaping @Sendable (Element) -> Void
  ) -> any Disposable {
    let subscriber = Subscriber(handler)
    let (slot, id, owned, replay) = state.withLock { state in
      let (slot, id) = state.registry.reserve()
      let replay = replayingLatest ? state.latest : nil
      let work = PendingDelivery.subscription(subscriber, slot: slot, id: id, replaying: replay)
      // With nothing to replay the role is not needed: queue behind a busy
      // subject, or start at once. Only a replay must be delivered in turn.
      let queued =
        replay == nil ? queueIfBusy(work, in: &state) : !takeRoleOrQueue(work, in: &state)
      if !queued {
        _ = state.registry.activate(slot: slot, id: id, subscriber: subscriber)
        bumpVersion()
      }
      return (slot, id, !queued && replay != nil, replay)
    }
    if owned {
      if let replay {
        subscriber.receive(replay)
      }
      finishDelivering()
    }
    return Subscription(subject: self, slot: slot, id: id)
  }

  /// Ends the subscription in `slot` if it still belongs to `id`.
  func unsubscribe(slot: Int32, id: UInt64) {
    let removed = state.withLock { state in
      let removed = state.registry.remove(slot: slot, id: id)
      if let subscriber = removed?.subscriber {
        subscriber.isDisposed.store(true, ordering: .relaxed)
        bumpVersion()
      }
      return removed
    }
    if removed?.mayBeInSnapshot == true {
      cleanupRequests.add(1, ordering: .sequentiallyConsistent)
      dropSnapshotIfIdle()
    }
    // `removed` is released here, outside the lock.
  }
}

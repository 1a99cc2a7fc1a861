import Synchronization

extension DispatchSubject {
  /// Subscribes `handler`, first replaying the latest published value if
  /// `replayingLatest` is set and there is one.
  ///
  /// The subscription starts with the next event: at once when the subject is
  /// idle, or behind the work already queued when it is busy, so that it never
  /// sees an event that was dispatched before it. A replayed value is delivered
  /// by the role holder like any event, never alongside another call.
  @inlinable
  func subscribe(
    replayingLatest: Bool,
    _ handler: @escaping @Sendable (Element) -> Void
  ) -> any Disposable {
    // In an optional so that the common case (start at once, nothing to
    // replay) moves it into the registry instead of copying it.
    var created: Subscriber<Element>? = Subscriber(handler)
    let (slot, id, anchor, replay) = registry.withLock(guarding: values) {
      registry, values in
      if values.anchor == nil {
        values.anchor = SubjectAnchor(self)
      }
      let anchor = values.anchor.unsafelyUnwrapped
      let (slot, id) = registry.reserve()
      guard replayingLatest, let replay = values.latest else {
        // The role is not needed: start at once when nobody is delivering,
        // or queue behind the work in hand.
        if !queueIfBusy(
          .subscription(created.unsafelyUnwrapped, slot: slot, id: id, replaying: nil),
          values: &values)
        {
          _ = registry.activate(slot: slot, id: id, subscriber: created.take().unsafelyUnwrapped)
          markSnapshotStale()
        }
        return (slot, id, anchor, Element?.none)
      }
      // A replay is delivered in turn, by whoever holds the role.
      guard
        takeRoleOrQueue(
          .subscription(created.unsafelyUnwrapped, slot: slot, id: id, replaying: replay),
          registry: &registry, values: &values, refreshing: false
        ).owned
      else { return (slot, id, anchor, nil) }
      _ = registry.activate(slot: slot, id: id, subscriber: created.unsafelyUnwrapped)
      markSnapshotStale()
      return (slot, id, anchor, replay)
    }
    // A value to replay means this thread took the role to deliver it.
    if let replay, let subscriber = created {
      subscriber.receive(replay)
      finishDelivering()
    }
    return Subscription(anchor: anchor, slot: slot, id: id)
  }

  /// Queues `work` and returns `true` if a thread is delivering; returns
  /// `false`, queueing nothing, if nobody is. Never takes the role. Called
  /// with the lock held.
  @inlinable
  func queueIfBusy(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    values: inout SubjectValues<Element>
  ) -> Bool {
    while true {
      let word = delivery.load(ordering: .relaxed)
      guard word & DeliveryState.delivering != 0 else { return false }
      if delivery.compareExchange(
        expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
      ).exchanged {
        values.pending.append(work())
        return true
      }
    }
  }

  /// Ends the subscription in `slot` if it still belongs to `id`.
  ///
  /// If the delivery snapshot may hold the subscriber, it is dropped now when
  /// nobody is delivering, so that the handler is released before `dispose`
  /// returns; otherwise the thread that is delivering drops it when it
  /// finishes. Never delivers anything itself.
  ///
  /// Touches nothing generic (the word, the snapshot, the untyped registry),
  /// so it stays cheap in the unspecialized code that `any Disposable` runs.
  @usableFromInline
  func unsubscribe(slot: Int32, id: UInt64) {
    let (removed, stale) = registry.withLock { registry in
      // Destructure the result rather than copy out of it: no retain.
      guard case (let subscriber?, let mayBeInSnapshot)? = registry.remove(slot: slot, id: id)
      else {
        return (SubscriberBase?.none, StaleSnapshot.none)
      }
      subscriber.isDisposed.store(true, ordering: .relaxed)
      markSnapshotStale()
      guard mayBeInSnapshot else { return (subscriber, nil) }
      let word = delivery.load(ordering: .relaxed)
      guard word & DeliveryState.delivering == 0,
        delivery.compareExchange(
          expected: word, desired: word | DeliveryState.delivering, ordering: .acquiring
        ).exchanged
      else { return (subscriber, nil) }
      let stale = snapshot.exchange(nil, ordering: .relaxed)
      delivery.store(word, ordering: .releasing)
      return (subscriber, stale)
    }
    // Outside the lock: this may free the handler and run its captures' deinit.
    stale?.release()
    withExtendedLifetime(removed) {}
  }
}

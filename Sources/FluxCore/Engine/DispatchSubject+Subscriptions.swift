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
    let role = DeliveryState.role(at: currentStackAddress())
    let (slot, id, replay) = lock.withLock(guarding: typedState) {
      registry, state in
      let (slot, id) = registry.reserve()
      guard replayingLatest, let replay = state.latest else {
        // The role is not needed: start at once when nobody is delivering,
        // or queue behind the work in hand.
        if !queueIfBusy(
          .subscription(
            PendingSubscription(created.unsafelyUnwrapped, slot: slot, id: id, replaying: nil)),
          state: &state)
        {
          _ = registry.activate(slot: slot, id: id, subscriber: created.take().unsafelyUnwrapped)
          core.markSnapshotStale()
        }
        return (slot, id, Element?.none)
      }
      // A replay is delivered in turn, by whoever holds the role.
      guard
        takeRoleOrQueue(
          .subscription(
            PendingSubscription(created.unsafelyUnwrapped, slot: slot, id: id, replaying: replay)),
          as: role, registry: &registry, state: &state, refreshing: false
        ).owned
      else { return (slot, id, nil) }
      _ = registry.activate(slot: slot, id: id, subscriber: created.unsafelyUnwrapped)
      core.markSnapshotStale()
      return (slot, id, replay)
    }
    // A value to replay means this thread took the role to deliver it. It
    // delivers what the replay causes, and hands other threads' events over.
    if let replay, let subscriber = created {
      subscriber.receive(replay)
      finishDelivering(role, budget: 0)
    }
    return Subscription(core: core, slot: slot, id: id)
  }

  /// Queues `work` and returns `true` if a thread is delivering; returns
  /// `false`, queueing nothing, if nobody is.
  ///
  /// Never takes the role. Called with the lock held.
  @inlinable
  func queueIfBusy(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    state: inout TypedSubjectState<Element>
  ) -> Bool {
    while true {
      let word = core.delivery.load(ordering: .relaxed)
      guard word & DeliveryState.delivering != 0 else { return false }
      if core.delivery.compareExchange(
        expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
      ) {
        state.enqueue(work(), core: core)
        return true
      }
    }
  }
}

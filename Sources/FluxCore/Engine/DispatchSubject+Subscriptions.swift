extension DispatchSubject {
  /// Subscribes `handler`, first replaying the latest published value if
  /// `replayingLatest` is set and there is one.
  ///
  /// The subscription starts with the next event: at once when the subject is
  /// idle, or behind the work already queued when it is busy, so that it never
  /// sees an event that was dispatched before it.
  @inlinable
  func subscribe(
    replayingLatest: Bool,
    _ handler: @escaping @Sendable (Element) -> Void
  ) -> any Disposable {
    if replayingLatest { return subscribeReplaying(handler) }
    // In an optional so that it is moved into the registry, not copied.
    var created: Subscriber<Element>? = Subscriber(handler)
    let (slot, id) = lock.withLock(guarding: typedState) { registry, state in
      let (slot, id) = registry.reserve()
      // The role is not needed: start at once when nobody is delivering, or
      // queue behind the work in hand.
      if !queueIfBusy(
        .subscription(PendingSubscription(created.unsafelyUnwrapped, slot: slot, id: id)),
        state: &state)
      {
        _ = registry.activate(slot: slot, id: id, subscriber: created.take().unsafelyUnwrapped)
        core.markSnapshotStale()
      }
      return (slot, id)
    }
    return Subscription(core: core, slot: slot, id: id)
  }

  /// Subscribes `handler`, first replaying the latest published value, if
  /// there is one (the subscription of a ``Variable``).
  ///
  /// The replayed value is the latest one published, and this thread
  /// delivers it before returning: holding the role if the subject is idle,
  /// or through the subscriber's gate if another call holds it (see
  /// ReplayGate.swift), never alongside another call of the same handler.
  @inlinable
  func subscribeReplaying(_ handler: @escaping @Sendable (Element) -> Void) -> any Disposable {
    let subscriber = Subscriber(handler)
    let role = DeliveryState.role(at: currentStackAddress())
    let (slot, id, replay, owned, stamp) = lock.withLock(guarding: typedState) {
      registry, state in
      let (slot, id) = registry.reserve()
      guard let replay = state.latest else {
        if !queueIfBusy(
          .subscription(PendingSubscription(subscriber, slot: slot, id: id)), state: &state)
        {
          _ = registry.activate(slot: slot, id: id, subscriber: subscriber)
          core.markSnapshotStale()
        }
        return (slot, id, Element?.none, false, ActionStamp?.none)
      }
      // Take the role if the subject is idle; otherwise queue the activation
      // behind the work in hand and close the gate, for this thread to
      // deliver the replay now all the same.
      guard
        takeRoleOrQueue(
          .subscription(PendingSubscription(subscriber, slot: slot, id: id)), as: role,
          registry: &registry, state: &state, refreshing: false
        ).owned
      else {
        closeGate(of: subscriber)
        state.closedGates += 1
        return (slot, id, replay, false, state.stamp)
      }
      _ = registry.activate(slot: slot, id: id, subscriber: subscriber)
      core.markSnapshotStale()
      return (slot, id, replay, true, state.stamp)
    }
    if let replay {
      StateStamp.noteReplay(of: stamp)
      // Delivering the replay is an action of this thread's: what it
      // changes reaches main-actor views when it ends.
      ActionDepth.enter()
      if owned {
        // This thread holds the role: it delivers the replay, what the
        // replay causes, and hands other threads' events over.
        subscriber.receive(replay)
        endDelivery(role, of: core, budgeted: false)
      } else {
        // Gated: this thread delivers the replay now, and the gate opens in
        // turn, after what the holder has yet to deliver.
        subscriber.handler(replay)
        openGateInTurn(of: subscriber, as: role)
      }
    }
    return Subscription(core: core, slot: slot, id: id)
  }

  /// Opens `subscriber`'s gate in turn: now, if the subject is idle (this
  /// thread takes the role for it), or when the thread that holds the role
  /// gets to it; and ends the delivery of the replay (the caller entered
  /// it).
  @usableFromInline
  func openGateInTurn(of subscriber: Subscriber<Element>, as role: Int) {
    let owned = lock.withLock(guarding: typedState) { registry, state in
      takeRoleOrQueue(
        .openGate(subscriber), as: role, registry: &registry, state: &state, refreshing: false
      ).owned
    }
    guard owned else { return ActionDepth.leave() }
    let parked = openGate(of: subscriber)
    endDelivery(role, of: core, budgeted: false)
    if let parked { ThreadFrame.wake([parked]) }
  }

  /// Delivers what was held at `subscriber`'s gate and opens it.
  ///
  /// The caller holds the role.
  ///
  /// - Returns: The markers parked while gates were closed, as one, once
  ///   the last gate is open.
  @usableFromInline
  func openGate(of subscriber: Subscriber<Element>) -> DeliveryMarker? {
    subscriber.openGate()
    let parked = lock.withLock(guarding: typedState) { _, state -> [DeliveryMarker] in
      state.closedGates -= 1
      guard state.closedGates == 0 else { return [] }
      defer { state.parkedMarkers = [] }
      return state.parkedMarkers
    }
    guard !parked.isEmpty else { return nil }
    return DeliveryMarker { for marker in parked { marker.reached() } }
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

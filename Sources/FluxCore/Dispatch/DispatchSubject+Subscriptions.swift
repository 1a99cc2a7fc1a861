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
      // With nothing to replay the role is not needed: start at once when
      // nobody is delivering, or queue behind the work in hand.
      let queued: Bool
      let owned: Bool
      if replay == nil {
        queued = queueIfBusy(work, in: &state)
        owned = false
      } else {
        owned = takeRoleOrQueue(work, in: &state, refreshing: false).owned
        queued = !owned
      }
      if !queued {
        _ = state.registry.activate(slot: slot, id: id, subscriber: subscriber)
        delivery.bitwiseOr(DeliveryState.stale, ordering: .relaxed)
      }
      return (slot, id, owned, replay)
    }
    if owned {
      if let replay {
        subscriber.receive(replay)
      }
      finishDelivering()
    }
    return Subscription(subject: self, slot: slot, id: id)
  }

  /// Queues `work` and returns `true` if a thread is delivering; returns
  /// `false`, queueing nothing, if nobody is. Never takes the role. Called
  /// with the lock held.
  func queueIfBusy(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    in state: inout SubjectState<Element>
  ) -> Bool {
    while true {
      let word = delivery.load(ordering: .relaxed)
      guard word & DeliveryState.delivering != 0 else { return false }
      if delivery.compareExchange(
        expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
      ).exchanged {
        state.pending.append(work())
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
  func unsubscribe(slot: Int32, id: UInt64) {
    let (removed, stale) = state.withLock { state in
      guard let removed = state.registry.remove(slot: slot, id: id),
        let subscriber = removed.subscriber
      else {
        return (Subscriber<Element>?.none, Unmanaged<SubscriberSnapshot<Element>>?.none)
      }
      subscriber.isDisposed.store(true, ordering: .relaxed)
      delivery.bitwiseOr(DeliveryState.stale, ordering: .relaxed)
      guard removed.mayBeInSnapshot else { return (subscriber, nil) }
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

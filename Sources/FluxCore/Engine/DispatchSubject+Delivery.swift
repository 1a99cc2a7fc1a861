import Synchronization

// How a subject delivers without ever calling a handler twice at once.
//
// One atomic word, `delivery`, holds the bits of `DeliveryState`. An
// uncontended `dispatch` of an up-to-date subject takes the role with one
// compare-exchange (0 → delivering), calls the handlers in `snapshot`, and
// gives it back with another (delivering → 0): no lock, no reference counting.
// If either exchange fails, because another thread delivers, work is pending,
// or the subscriptions changed, it takes the locked path.
//
// Invariants, true whenever the lock is free:
// - `pending` is set exactly when the queue is non-empty, and only with
//   `delivering`.
// - Only the lock-free fast path changes the word without holding the lock,
//   and only from 0 to `delivering` and back. So a thread that holds both the
//   lock and the role is the only one that can change the word.
// - Only the role holder touches `snapshot`; `stale` is set whenever the
//   registry's active subscribers differ from those in `snapshot`.
//
// The lock guards the registry (untyped) and, beside it, `values` (queued
// work and a Variable's latest value, typed). Disposing touches only the word,
// the snapshot and the registry, none of them generic: it is reached through
// an `any Disposable`, which runs unspecialized code, and that stays cheap.

extension DispatchSubject {
  /// Gives the role back, after delivering the pending work.
  ///
  /// The caller holds the role.
  @inlinable
  func finishDelivering() {
    if !core.giveRoleBackIfNothingChanged() { finishDeliveringSlowly() }
  }

  /// Delivers the pending work, a batch at a time, until none is left; then
  /// gives the role back, dropping the snapshot first if it is stale.
  @inlinable
  func finishDeliveringSlowly() {
    var batch = ContiguousArray<PendingDelivery<Element>>()
    while true {
      let (stale, done) = registry.withLock(guarding: values) { registry, values in
        values.pending.recycle(&batch)
        let word = core.delivery.load(ordering: .relaxed)
        guard word & DeliveryState.pending != 0 else {
          let stale: StaleSnapshot =
            word & DeliveryState.stale != 0 ? core.snapshot.exchange(nil, ordering: .relaxed) : nil
          core.delivery.store(word & ~DeliveryState.delivering, ordering: .releasing)
          return (stale, true)
        }
        values.pending.takeAll(into: &batch)
        core.delivery.bitwiseAnd(~DeliveryState.pending, ordering: .relaxed)
        return (StaleSnapshot.none, false)
      }
      // Outside the lock: releasing a snapshot may run the captures' deinit.
      stale?.release()
      if done { return }
      for work in batch {
        perform(work)
      }
      // Outside the lock: destroying the values may run user code.
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// The locked path of `dispatch`: deliver the event after bringing the
  /// snapshot up to date, or queue it for the thread that is delivering.
  @inlinable
  func dispatchSlowly(_ element: Element) {
    let (owned, stale) = registry.withLock(guarding: values) { registry, values in
      takeRoleOrQueue(.event(element), registry: &registry, values: &values, refreshing: true)
    }
    stale?.release()
    if owned {
      core.deliverToSnapshot(element)
      finishDelivering()
    }
  }

  /// Takes the role if nobody holds it (returning `true`), or queues `work` for
  /// the thread that does (returning `false`).
  ///
  /// Called with the lock held.
  ///
  /// - Parameters:
  ///   - work: What to queue if another thread holds the role.
  ///   - registry: The subscriptions, from inside the lock.
  ///   - values: The queue, from inside the lock.
  ///   - refreshing: Whether to bring the snapshot up to date when taking
  ///     the role, for delivering an event.
  /// - Returns: Whether this thread took the role, and the snapshot replaced
  ///   by a refresh, to be released after the lock.
  @inlinable
  func takeRoleOrQueue(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    registry: inout SubscriberRegistry,
    values: inout SubjectValues<Element>,
    refreshing: Bool
  ) -> (owned: Bool, stale: StaleSnapshot) {
    while true {
      let word = core.delivery.load(ordering: .relaxed)
      if word & DeliveryState.delivering == 0 {
        guard
          core.delivery.compareExchange(
            expected: word, desired: word | DeliveryState.delivering, ordering: .acquiring
          ).exchanged
        else { continue }
        let stale = refreshing && word & DeliveryState.stale != 0
        return (true, stale ? core.refreshSnapshot(from: &registry) : nil)
      }
      // The holder reads the queue under the lock, so no ordering is needed.
      if core.delivery.compareExchange(
        expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
      ).exchanged {
        values.pending.append(work())
        return (false, nil)
      }
    }
  }

  /// Carries out work taken from the queue, in queue order.
  ///
  /// The caller holds the role.
  ///
  /// A subscription is activated now, so that it sees the events queued after
  /// it and none before; an event is delivered after bringing the snapshot up
  /// to date if subscriptions changed since it was built.
  @inlinable
  func perform(_ work: PendingDelivery<Element>) {
    switch work {
    case .event(let element):
      if core.delivery.load(ordering: .relaxed) & DeliveryState.stale != 0 {
        let stale = registry.withLock { core.refreshSnapshot(from: &$0) }
        stale?.release()
      }
      core.deliverToSnapshot(element)
    case .subscription(let subscriber, let slot, let id, let replaying):
      let active = registry.withLock { registry in
        guard registry.activate(slot: slot, id: id, subscriber: subscriber) else { return false }
        core.markSnapshotStale()
        return true
      }
      if active, let replaying {
        subscriber.receive(replaying)
      }
    }
  }
}

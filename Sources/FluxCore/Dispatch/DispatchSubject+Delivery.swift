import Synchronization

// How a subject delivers without ever calling a handler twice at once.
//
// One atomic word, `role`, says whether some thread is delivering
// (`DeliveryRole`). An uncontended `dispatch` takes the role with one
// compare-exchange, calls the handlers in `snapshot`, and gives the role back
// with another: no lock. Anything that arrives while the role is held (a
// dispatch from a handler or another thread, a subscription that must start
// behind queued events) goes into the pending queue under the lock, and the
// holder works through the queue before it lets go. Whoever holds the role is
// the only thread that touches `snapshot`, `snapshotVersion` and
// `cleanupsDone`; they are atomics only so that the handover between holders is
// ordered without a lock.
//
// Two invariants, both checked at every point where the lock is released:
// the queue is non-empty exactly when `role` is `deliveringWithPending`, and a
// thread only moves `role` away from `idle` or to `deliveringWithPending` while
// holding the lock, except for the lock-free fast path of `dispatch`, which only
// moves it from `idle` (queue empty) to `delivering`.
//
// The snapshot is rebuilt when `version` (bumped under the lock whenever
// subscribers are activated or removed) differs from `snapshotVersion`. A
// disposal that removes a subscriber the snapshot may still hold asks for the
// snapshot to be dropped, so that the handler is released at once rather than
// at the next event. If the subject is idle, the disposing thread drops it
// itself, under the lock, in the `cleaning` state; it never delivers, so
// `dispose` cannot be held up by other threads' events. Otherwise the holder
// sees the request when it gives the role back: the request counter and the
// role word are accessed sequentially consistently, so of the disposer's
// attempt and the holder's check, at least one sees the other.

extension DispatchSubject {
  /// Delivers `element` to the current subscribers. The caller holds the role.
  @inlinable
  func deliver(_ element: Element) {
    if version.load(ordering: .acquiring) != snapshotVersion.load(ordering: .relaxed) {
      refreshSnapshot()
    }
    snapshot.load(ordering: .relaxed)?._withUnsafeGuaranteedRef { $0.deliver(element) }
  }

  /// Gives the role back, after delivering any pending work and honouring any
  /// cleanup request. The caller holds the role.
  @inlinable
  func finishDelivering() {
    let done = cleanupsDone.load(ordering: .relaxed)
    if role.compareExchange(
      expected: DeliveryRole.delivering, desired: DeliveryRole.idle,
      ordering: .sequentiallyConsistent
    ).exchanged {
      if cleanupRequests.load(ordering: .sequentiallyConsistent) != done {
        dropSnapshotIfIdle()
      }
    } else {
      deliverPending()
    }
  }

  /// The slow part of ``finishDelivering()``: delivers the pending queue until
  /// the role can be given back with nothing left. The caller holds the role.
  @usableFromInline
  func deliverPending() {
    while true {
      let work = state.withLock { takePending(from: &$0) }
      perform(work)
      let done = cleanupsDone.load(ordering: .relaxed)
      if role.compareExchange(
        expected: DeliveryRole.delivering, desired: DeliveryRole.idle,
        ordering: .sequentiallyConsistent
      ).exchanged {
        if cleanupRequests.load(ordering: .sequentiallyConsistent) != done {
          dropSnapshotIfIdle()
        }
        return
      }
    }
  }

  /// The path of `dispatch` when the role was taken: queue the event, or
  /// deliver it after all if the role was given back meanwhile.
  @usableFromInline
  func dispatchWhileBusy(_ element: Element) {
    let owned = state.withLock { takeRoleOrQueue(.event(element), in: &$0) }
    if owned {
      deliver(element)
      finishDelivering()
    }
  }

  /// Takes the role if the subject is idle (returns `true`; nothing is queued),
  /// or queues `work` for the current holder (returns `false`). Called with
  /// the lock held.
  func takeRoleOrQueue(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    in state: inout SubjectState<Element>
  ) -> Bool {
    while true {
      if role.compareExchange(
        expected: DeliveryRole.idle, desired: DeliveryRole.delivering,
        ordering: .sequentiallyConsistent
      ).exchanged {
        return true
      }
      let marked = role.compareExchange(
        expected: DeliveryRole.delivering, desired: DeliveryRole.deliveringWithPending,
        ordering: .relaxed)
      if marked.exchanged || marked.original == DeliveryRole.deliveringWithPending {
        state.pending.append(work())
        return false
      }
    }
  }

  /// Queues `work` for the current holder and returns `true` if a thread is
  /// delivering; returns `false`, queueing nothing, if the subject is idle.
  /// Never takes the role. Called with the lock held.
  func queueIfBusy(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    in state: inout SubjectState<Element>
  ) -> Bool {
    let marked = role.compareExchange(
      expected: DeliveryRole.delivering, desired: DeliveryRole.deliveringWithPending,
      ordering: .relaxed)
    // Under the lock the role is never `cleaning`, so anything else is idle.
    guard marked.exchanged || marked.original == DeliveryRole.deliveringWithPending else {
      return false
    }
    state.pending.append(work())
    return true
  }

  /// Moves the oldest pending work out of the queue, activating it if it is a
  /// subscription. Called with the lock held by the role holder.
  func takePending(from state: inout SubjectState<Element>) -> PendingDelivery<Element> {
    let work = state.pending.removeFirst()
    if state.pending.isEmpty {
      // Only the holder, under the lock, moves the role away from this value.
      role.store(DeliveryRole.delivering, ordering: .relaxed)
    }
    if case .subscription(let subscriber, let slot, let id, _) = work {
      if state.registry.activate(slot: slot, id: id, subscriber: subscriber) {
        bumpVersion()
      } else {
        subscriber.isDisposed.store(true, ordering: .relaxed)
      }
    }
    return work
  }

  /// Carries out work taken from the queue. The caller holds the role.
  func perform(_ work: PendingDelivery<Element>) {
    switch work {
    case .event(let element):
      deliver(element)
    case .subscription(let subscriber, _, _, let replaying):
      if let replaying {
        subscriber.receive(replaying)
      }
    }
  }

  /// Records a change of the active subscribers. Called with the lock held.
  func bumpVersion() {
    // Only ever written under the lock, so a load and a store cannot race.
    version.store(version.load(ordering: .relaxed) &+ 1, ordering: .releasing)
  }

  /// Rebuilds the snapshot from the registry. The caller holds the role.
  @usableFromInline
  func refreshSnapshot() {
    let (fresh, freshVersion) = state.withLock { state in
      (state.registry.makeSnapshot(), version.load(ordering: .relaxed))
    }
    let stale = snapshot.exchange(fresh.map { .passRetained($0) }, ordering: .relaxed)
    snapshotVersion.store(freshVersion, ordering: .relaxed)
    // Outside the lock: this may free subscribers and run their captures' deinit.
    stale?.release()
  }

  /// Drops the snapshot if no thread is delivering, so that the handlers it
  /// holds are released now; the next event rebuilds it. If a thread is
  /// delivering, it sees the outstanding request when it finishes. Never
  /// delivers anything itself.
  @usableFromInline
  func dropSnapshotIfIdle() {
    let stale = state.withLock { _ -> Unmanaged<SubscriberSnapshot<Element>>? in
      guard
        role.compareExchange(
          expected: DeliveryRole.idle, desired: DeliveryRole.cleaning,
          ordering: .sequentiallyConsistent
        ).exchanged
      else { return nil }
      cleanupsDone.store(
        cleanupRequests.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
      let stale = snapshot.exchange(nil, ordering: .relaxed)
      snapshotVersion.store(-1, ordering: .relaxed)
      // Nobody else moves the role away from `cleaning`, and we hold the lock.
      role.store(DeliveryRole.idle, ordering: .releasing)
      return stale
    }
    // Outside the lock and the role: this may run the captures' deinit.
    stale?.release()
  }
}

import Dispatch

// How a subject delivers without ever calling a handler twice at once, and
// without keeping a caller to deliver other threads' events.
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
// Bounded delivery. Each queued entry carries an owner: the thread whose call
// caused it. A thread that queues work while another delivers owns it; the
// holder, queueing from a handler, passes on the owner of the work that
// handler runs for. So a call that holds the role owes the entries it owns,
// and everything queued ahead of them, and nothing else. It delivers those,
// then at most `deliveryBudget` more, and if work still remains it keeps the
// role but hands it over: a task on Dispatch's global queue delivers the rest
// (`relay`), a turn of at most `relayTurn` entries at a time, and gives the
// role back once the queue is empty. Nobody else can deliver meanwhile, so
// order and the one-call-at-a-time rule hold across the hand-over.
//
// The lock guards the registry (untyped) and, beside it, `typedState`
// (queued work and a Variable's latest value, typed). Disposing touches only the word,
// the snapshot and the registry, none of them generic: it is reached through
// an `any Disposable`, which runs unspecialized code, and that stays cheap.

extension DispatchSubject {
  /// Gives the role back after delivering what this call owes.
  ///
  /// The caller holds the role, for a call of its own.
  ///
  /// - Parameters:
  ///   - role: The role the caller took.
  ///   - budget: How many events that other threads queued this call may
  ///     deliver once its own are done.
  @inlinable
  func finishDelivering(_ role: Int, budget: Int) {
    if !core.giveRoleBackIfNothingChanged(role) { deliverQueued(budget: budget) }
  }

  /// The locked path of `dispatch`: deliver the event after bringing the
  /// snapshot up to date, or queue it for the thread that is delivering.
  ///
  /// - Parameters:
  ///   - element: The event.
  ///   - role: ``DeliveryState/role(of:)`` the calling thread.
  @inlinable
  func dispatchSlowly(_ element: Element, as role: Int) {
    let (owned, stale) = lock.withLock(guarding: typedState) { registry, state in
      takeRoleOrQueue(
        .event(element), as: role, registry: &registry, state: &state, refreshing: true)
    }
    stale.release()
    if owned {
      ActionDepth.enter()
      core.deliverToSnapshot(element)
      finishDelivering(role, budget: core.deliveryBudget)
      ActionDepth.leave()
    }
  }

  /// Takes the role if nobody holds it (returning `true`), or queues `work` for
  /// the thread that does (returning `false`).
  ///
  /// Called with the lock held.
  ///
  /// - Parameters:
  ///   - work: What to queue if another thread holds the role.
  ///   - role: ``DeliveryState/role(of:)`` the calling thread.
  ///   - registry: The subscriptions, from inside the lock.
  ///   - state: The queue, from inside the lock.
  ///   - refreshing: Whether to bring the snapshot up to date when taking
  ///     the role, for delivering an event.
  /// - Returns: Whether this thread took the role, and the snapshot replaced
  ///   by a refresh, to be released after the lock.
  @inlinable
  func takeRoleOrQueue(
    _ work: @autoclosure () -> PendingDelivery<Element>,
    as role: Int,
    registry: inout SubscriberRegistry,
    state: inout TypedSubjectState<Element>,
    refreshing: Bool
  ) -> (owned: Bool, stale: SnapshotToRelease) {
    while true {
      let word = core.delivery.load(ordering: .relaxed)
      if word & DeliveryState.delivering == 0 {
        guard
          core.delivery.compareExchange(
            expected: word, desired: word | role, ordering: .acquiring
          )
        else { continue }
        let stale = refreshing && word & DeliveryState.stale != 0
        return (true, stale ? core.refreshSnapshot(from: &registry) : .nothing)
      }
      // The holder reads the queue under the lock, so no ordering is needed.
      if core.delivery.compareExchange(
        expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
      ) {
        state.enqueue(work(), core: core)
        return (false, .nothing)
      }
    }
  }

  /// Carries out work taken from the queue, in queue order.
  ///
  /// The caller holds the role.
  ///
  /// A subscription is activated now, so that it sees the events queued after
  /// it and none before (its replay, if any, was delivered by the thread that
  /// subscribed); an event is delivered after bringing the snapshot up to
  /// date if subscriptions changed since it was built.
  ///
  /// - Returns: A marker reached, for the caller to wake when it is ready:
  ///   see ``deliverQueued(budget:)``.
  @inlinable
  func perform(_ work: PendingDelivery<Element>) -> DeliveryMarker? {
    switch work {
    case .event(let element):
      if core.delivery.load(ordering: .relaxed) & DeliveryState.stale != 0 {
        let stale = lock.withLock { core.refreshSnapshot(from: &$0) }
        stale.release()
      }
      core.deliverToSnapshot(element)
    case .marker(let marker):
      // Parked while a gate is closed: events held there are not delivered
      // yet.
      let parked = lock.withLock(guarding: typedState) { _, state in
        guard state.closedGates > 0 else { return false }
        state.parkedMarkers.append(marker)
        return true
      }
      return parked ? nil : marker
    case .openGate(let subscriber):
      return openGate(of: subscriber)
    case .subscription(let pending):
      lock.withLock { registry in
        if registry.activate(slot: pending.slot, id: pending.id, subscriber: pending.subscriber) {
          core.markSnapshotStale()
        }
      }
    }
    return nil
  }
}

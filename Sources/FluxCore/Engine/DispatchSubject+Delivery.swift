import Dispatch
import Synchronization

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
// The lock guards the registry (untyped) and, beside it, `values` (queued
// work and a Variable's latest value, typed). Disposing touches only the word,
// the snapshot and the registry, none of them generic: it is reached through
// an `any Disposable`, which runs unspecialized code, and that stays cheap.

/// What a thread that holds the role does next.
@usableFromInline
enum DeliveryStep: Sendable {
  /// Deliver the batch taken; `counted` if it counts against the budget.
  case deliver(counted: Bool)
  /// The role was given back; release this replaced snapshot, if any.
  case finished(StaleSnapshot)
  /// The role is kept for a relay to take over.
  case handOver
}

extension DispatchSubject {
  /// The most entries a holder moves out of the queue at once, so that the
  /// lock is never held long.
  @inlinable static var largestBatch: Int { 256 }
  /// The most entries a relay delivers before it makes way for other work on
  /// its Dispatch queue (and goes on in a new task).
  @inlinable static var relayTurn: Int { 4_096 }

  /// Gives the role back after delivering what this call owes.
  ///
  /// The caller holds the role, for a call of its own.
  ///
  /// - Parameter budget: How many events that other threads queued this call
  ///   may deliver once its own are done.
  @inlinable
  func finishDelivering(budget: Int) {
    if !core.giveRoleBackIfNothingChanged() { deliverQueued(budget: budget) }
  }

  /// Delivers queued work in order, a batch at a time, then gives the role
  /// back (dropping the snapshot first if it is stale) or hands it over.
  ///
  /// The caller holds the role.
  ///
  /// - Parameter budget: For a call of its own: how many events it may
  ///   deliver beyond what it owes. `nil` for a relay, which owes nothing and
  ///   delivers until the queue is empty.
  @inlinable
  func deliverQueued(budget: Int?) {
    let thread = currentThreadID()
    var batch = ContiguousArray<PendingEntry<Element>>()
    // A call: the events delivered beyond what it owes. A relay: this turn's.
    var delivered = 0
    while true {
      let step = registry.withLock(guarding: values) { registry, values -> DeliveryStep in
        values.pending.returnBatch(&batch)
        let word = core.delivery.load(ordering: .relaxed)
        guard word & DeliveryState.pending != 0 else {
          values.holder = 0
          values.owed = 0
          let stale: StaleSnapshot =
            word & DeliveryState.stale != 0 ? core.snapshot.exchange(nil, ordering: .relaxed) : nil
          core.delivery.store(word & ~DeliveryState.delivering, ordering: .releasing)
          return .finished(stale)
        }
        if values.holder != thread {
          // The first time this call or turn takes the lock: find what it owes.
          values.holder = thread
          values.owed = budget == nil ? 0 : values.pending.countThroughLast(ownedBy: thread)
        }
        let limit =
          if let budget { values.owed > 0 ? values.owed : budget - delivered } else {
            Self.relayTurn - delivered
          }
        guard limit > 0 else {
          values.holder = 0
          values.owed = 0
          return .handOver
        }
        let counted = budget == nil || values.owed == 0
        batch = values.pending.lendBatch()
        values.pending.take(upTo: Swift.min(limit, Self.largestBatch), into: &batch)
        values.owed = Swift.max(0, values.owed - batch.count)
        if values.pending.count == 0 {
          core.delivery.bitwiseAnd(~DeliveryState.pending, ordering: .relaxed)
        }
        return .deliver(counted: counted)
      }
      switch step {
      case .deliver(let counted):
        for entry in batch {
          core.deliveringOwner.store(entry.owner, ordering: .relaxed)
          perform(entry.work)
        }
        if counted { delivered += batch.count }
        // Outside the lock: destroying the values may run user code.
        batch.removeAll(keepingCapacity: true)
      case .finished(let stale):
        // Outside the lock: releasing a snapshot may run the captures' deinit.
        stale?.release()
        return
      case .handOver:
        relay()
        return
      }
    }
  }

  /// Goes on delivering on Dispatch's global queue; the caller has kept the
  /// role for it.
  @inlinable
  func relay() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      deliverQueued(budget: nil)
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
      finishDelivering(budget: core.deliveryBudget)
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
        values.enqueue(work(), core: core)
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
    case .subscription(let pending):
      let active = registry.withLock { registry in
        guard registry.activate(slot: pending.slot, id: pending.id, subscriber: pending.subscriber)
        else { return false }
        core.markSnapshotStale()
        return true
      }
      if active, let replaying = pending.replaying {
        pending.subscriber.receive(replaying)
      }
    }
  }
}

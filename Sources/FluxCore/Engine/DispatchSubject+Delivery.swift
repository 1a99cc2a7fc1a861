import CFluxCoreAtomics
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
  /// Ends a call's delivery (``ActionDepth/leave()``) and gives the role
  /// back, after delivering what the call owes.
  ///
  /// The caller holds the role, for a call of its own, and has entered its
  /// delivery. When that delivery is the outermost on the thread and its
  /// action has something to commit, the action ends first: a waiter that
  /// finds the subject idle then finds what it waited for on its way to
  /// the screen (guarantee 10, "waiting shows it").
  ///
  /// - Parameters:
  ///   - role: The role the caller took.
  ///   - core: `self.core`, which the caller has at hand.
  ///   - budgeted: Whether this call may deliver ``deliveryBudget`` events
  ///     that other threads queued once its own are done (or none).
  ///   - stamped: Whether the event is a Variable's write, which noted its
  ///     action already: a delivery that ends inside a larger action notes
  ///     that action for waiters otherwise.
  @inlinable
  @inline(__always)
  func endDelivery(_ role: Int, of core: SubjectCore, budgeted: Bool, stamped: Bool = false) {
    // The quiet end first: the outermost delivery, nothing to commit. (The
    // word is left before the role is given back: the same instructions
    // as the other way round.)
    guard fluxcore_action_leave() else {
      return endDeliveryWithMoreToDo(
        role, budget: budgeted ? core.deliveryBudget : 0, stamped: stamped)
    }
    if core.giveRoleBackIfNothingChanged(role) {
      #if DEBUG
      ThreadFrame.noteWaitersMayReturn()
      #endif
    } else {
      // Work is queued: the call's own, perhaps, which is part of its
      // action.
      ActionDepth.enter()
      deliverQueued(budget: budgeted ? core.deliveryBudget : 0, endingTheDelivery: true)
    }
  }

  /// ``endDelivery(_:of:budgeted:)`` for a delivery nested in another, or one
  /// that ends an action with something to commit: then the action ends
  /// before the role is given back.
  ///
  /// The caller has left the delivery (``ActionDepth``).
  @usableFromInline
  @inline(never)
  func endDeliveryWithMoreToDo(_ role: Int, budget: Int, stamped: Bool) {
    if ActionDepth.isInsideAction || core.delivery.load(ordering: .relaxed) != role {
      // Nested, so the action goes on (a wait that finds the subject idle
      // waits for its end); or work is queued, the call's own, perhaps,
      // which is part of its action.
      if !stamped, let enclosing = ThreadFrame.enclosingActionToWaitFor() {
        lock.withLock(guarding: typedState) { _, state in state.enclosingAction = enclosing }
      }
      guard !core.giveRoleBackIfNothingChanged(role) else { return }
      ActionDepth.enter()
      return deliverQueued(budget: budget, endingTheDelivery: true)
    }
    ThreadFrame.holdingARole()
    ThreadFrame.endAction()
    if core.giveRoleBackIfNothingChanged(role) {
      #if DEBUG
      ThreadFrame.noteWaitersMayReturn()
      #endif
    } else {
      // Queued while the action ended: other threads' events, or the
      // commit's own (a released value's `deinit`), each an action of its
      // own.
      deliverQueued(budget: budget, endingTheDelivery: false)
    }
    ThreadFrame.gaveRoleBack()
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
      endDelivery(role, of: core, budgeted: true)
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

import Dispatch

// The locked part of delivery: the holder of the role takes queued work a
// batch at a time and carries it out, until the queue is empty (it gives
// the role back) or its share is done (it hands the role to a relay). See
// DispatchSubject+Delivery.swift for the rules.
//
// An entry that another thread's call caused (guarantee 8) is an action of
// its own (guarantee 10): its delivery opens a frame of main-actor views,
// nested in the delivering thread's action, and commits it when it ends.

/// What the holder of the role does after taking the lock.
@usableFromInline
enum DeliveryStep {
  /// Deliver the batch taken; `counted` if it counts against the run's
  /// share.
  case deliver(counted: Bool)
  /// The work that the call's delivery owes is done: end the delivery
  /// (and with it, if outermost, the action, committing its frame) before
  /// anything else, then take the lock again.
  case endDelivery
  /// The role was given back; release the snapshot dropped with it.
  case finished(SnapshotToRelease)
  /// The role is kept for a relay, which takes over.
  case handOver
}

/// One stretch of delivery by one thread: a `dispatch` (or `subscribe`) call
/// that delivers what it owes and then its budget of others' events, or a
/// relay's turn.
@usableFromInline
struct DeliveryRun: Sendable {
  @usableFromInline let thread: UInt
  /// For a call, how many events it may deliver beyond what it owes; `nil`
  /// for a relay, which owes nothing and delivers until the queue is empty.
  @usableFromInline let budget: Int?
  /// For a call, the events delivered beyond what it owes; for a relay, the
  /// events delivered in this turn.
  @usableFromInline var delivered = 0

  @inlinable
  init(thread: UInt, budget: Int?) {
    self.thread = thread
    self.budget = budget
  }

  @inlinable var isRelay: Bool { budget == nil }

  /// How many more entries the run may take now, given what it still owes.
  @inlinable
  func share(owed: Int) -> Int {
    guard let budget else { return DeliveryRun.relayTurn - delivered }
    return owed > 0 ? owed : budget - delivered
  }

  /// The most entries a relay delivers before it makes way for other work on
  /// its Dispatch queue (and goes on in a new task).
  @inlinable static var relayTurn: Int { 4_096 }
  /// The most entries taken out of the queue at once, so that the lock is
  /// never held long.
  @inlinable static var largestBatch: Int { 256 }
}

extension DispatchSubject {
  /// Delivers queued work in order, a batch at a time, then gives the role
  /// back (dropping the snapshot first if it is stale) or hands it over.
  ///
  /// The caller holds the role.
  ///
  /// A call's delivery ends (``ActionDepth/leave()``) here, once the work
  /// it owes is done, and before the role is given back or the events of
  /// other threads beyond it are delivered: so an outermost call's action
  /// is committed before a waiter can find the subject idle, and other
  /// threads' events delivered afterwards are actions of their own.
  /// Markers reached while the delivery is open and the action has kept
  /// something are woken once it has ended: what they waited for is then
  /// on its way to the screen.
  ///
  /// - Parameters:
  ///   - budget: For a call of its own: how many events it may deliver
  ///     beyond what it owes. `nil` for a relay.
  ///   - endingTheDelivery: Whether the caller's delivery is still open, for
  ///     this function to end; `false` for a relay, or for a call whose
  ///     delivery has ended already.
  @inlinable
  func deliverQueued(budget: Int?, endingTheDelivery: Bool) {
    var run = DeliveryRun(thread: currentThreadID(), budget: budget)
    var batch = ContiguousArray<PendingEntry<Element>>()
    // Markers reached and not yet woken: woken after the next step, so that
    // one that ends the queue wakes its waiter once the role is given back,
    // and not before the delivery that reached them has ended, if it has
    // something to commit.
    var reached: [DeliveryMarker] = []
    var deliveryOpen = endingTheDelivery
    // Once the call's delivery has ended inside a larger action of this
    // thread's: that action, which markers reached from then on wait for.
    var enclosing: ActionStamp?
    // Whether the last event delivered was the call's own (its own
    // delivery comes first), part of that larger action: markers reached
    // right behind it wait for the action's end (`reachedInAction`). One
    // behind another thread's event, an action of its own that has ended,
    // does not.
    var ownEventLast = true
    var reachedInAction: [DeliveryMarker] = []
    // The frame of the other thread's action being delivered, if any: its
    // consecutive entries (an event, and what its handlers queued behind
    // it) are one action.
    var onBehalf: (owner: UInt, mark: SubframeMark?)?
    // What the main actor's views get at once waits for the role to be
    // given back: their handlers then find the subject idle.
    ThreadFrame.holdingARole()
    defer { ThreadFrame.gaveRoleBack() }
    while true {
      // Ended before the role can be given back, when nothing is queued
      // behind it: once the subject is idle, a wait returns, and the next
      // main-actor turn must show what it waited for.
      if let open = onBehalf,
        core.delivery.load(ordering: .relaxed) & DeliveryState.pending == 0
      {
        onBehalf = nil
        ThreadFrame.endSubframe(open.mark)
      }
      let step = lock.withLock(guarding: typedState) { _, state in
        if let enclosing { state.enclosingAction = ownEventLast ? enclosing : nil }
        state.pending.returnBatch(&batch)
        return nextStep(of: &run, state: &state, batch: &batch, deliveryOpen: deliveryOpen)
      }
      // Outside the lock from here on: this is user code, or may run some.
      if case .endDelivery = step {
        if let open = onBehalf.take() { ThreadFrame.endSubframe(open.mark) }
        deliveryOpen = false
        // What the end of the action queues here (a released value's
        // `deinit`) is this thread's own, a new action.
        core.deliveringOwner.store(Int(bitPattern: run.thread), ordering: .relaxed)
        ActionDepth.leave()
        enclosing = ThreadFrame.enclosingActionToWaitFor()
      }
      if !(deliveryOpen && ActionDepth.hasSomethingToCommit) {
        if !reached.isEmpty {
          ThreadFrame.wake(reached)
          reached.removeAll()
        }
        if !reachedInAction.isEmpty {
          ThreadFrame.wake(reachedInAction, atTheEndOf: enclosing)
          reachedInAction.removeAll()
        }
      }
      switch step {
      case .deliver(let counted):
        for entry in batch {
          core.deliveringOwner.store(Int(bitPattern: entry.owner), ordering: .relaxed)
          let isOwn = deliveryOpen && !run.isRelay && entry.owner == run.thread
          if onBehalf?.owner != (isOwn ? nil : entry.owner) {
            if let open = onBehalf.take() { ThreadFrame.endSubframe(open.mark) }
            if !isOwn { onBehalf = (entry.owner, ThreadFrame.beginSubframe()) }
          }
          if case .event = entry.work { ownEventLast = isOwn }
          if let marker = perform(entry.work) {
            if ownEventLast { reachedInAction.append(marker) } else { reached.append(marker) }
          }
        }
        if counted { run.delivered += batch.count }
        batch.removeAll(keepingCapacity: true)
      case .endDelivery:
        continue
      case .finished(let snapshot):
        #if DEBUG
        // (Inside a larger action, waiters wait for its end.)
        if enclosing == nil || !ownEventLast { ThreadFrame.noteWaitersMayReturn() }
        #endif
        snapshot.release()
        if let open = onBehalf { ThreadFrame.endSubframe(open.mark) }
        return
      case .handOver:
        if let open = onBehalf { ThreadFrame.endSubframe(open.mark) }
        relay()
        return
      }
    }
  }

  /// Decides what `run` does next and, to deliver, moves the next batch
  /// into `batch`.
  ///
  /// Called with the lock held, by the holder of the role.
  @inlinable
  func nextStep(
    of run: inout DeliveryRun, state: inout TypedSubjectState<Element>,
    batch: inout ContiguousArray<PendingEntry<Element>>, deliveryOpen: Bool
  ) -> DeliveryStep {
    let word = core.delivery.load(ordering: .relaxed)
    guard word & DeliveryState.pending != 0 else {
      if deliveryOpen { return .endDelivery }
      return .finished(giveRoleBack(word, state: &state))
    }
    if state.holder != run.thread {
      // The first time this run takes the lock: say so, and find what it owes.
      state.holder = run.thread
      state.owed = run.isRelay ? 0 : state.pending.countThroughLast(ownedBy: run.thread)
      if run.isRelay {
        // (Only a thread holding the lock and the role changes a word that
        // is not 0.)
        core.delivery.store(
          word & DeliveryState.flags | DeliveryState.role(at: currentStackAddress()),
          ordering: .relaxed)
      }
    }
    if deliveryOpen && state.owed == 0 { return .endDelivery }
    let share = run.share(owed: state.owed)
    guard share > 0 else {
      keepRoleForRelay(word, state: &state)
      return .handOver
    }
    let counted = run.isRelay || state.owed == 0
    batch = state.pending.lendBatch()
    state.pending.take(upTo: Swift.min(share, DeliveryRun.largestBatch), into: &batch)
    state.owed = Swift.max(0, state.owed - batch.count)
    if state.pending.count == 0 {
      core.delivery.bitwiseAnd(~DeliveryState.pending, ordering: .relaxed)
    }
    return .deliver(counted: counted)
  }

  /// Gives the role back, the queue being empty: the subject is idle.
  ///
  /// Called with the lock held, by the holder of the role.
  ///
  /// - Returns: The snapshot, dropped if it was stale.
  @inlinable
  func giveRoleBack(_ word: Int, state: inout TypedSubjectState<Element>) -> SnapshotToRelease {
    state.holder = 0
    state.owed = 0
    let dropped = word & DeliveryState.stale != 0 ? core.dropSnapshot() : .nothing
    // No holder, nothing pending; a stale flag stays for the next delivery,
    // which will build a snapshot.
    core.delivery.store(word & DeliveryState.stale, ordering: .releasing)
    return dropped
  }

  /// Keeps the role, with no holder named, for a relay to take over.
  ///
  /// Called with the lock held, by the holder of the role.
  @inlinable
  func keepRoleForRelay(_ word: Int, state: inout TypedSubjectState<Element>) {
    state.holder = 0
    state.owed = 0
    core.delivery.store(
      word & DeliveryState.flags, ordering: .relaxed)
  }

  /// Goes on delivering on Dispatch's global queue; the caller has kept the
  /// role for it.
  @inlinable
  func relay() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      deliverQueued(budget: nil, endingTheDelivery: false)
    }
  }
}

/// Explicitly not `Sendable`: a step is taken and acted on by one thread.
@available(*, unavailable)
extension DeliveryStep: Sendable {}

import CFluxCoreAtomics

// How a thread's frame is committed: at the end of its action, or of a
// delivery made on another thread's behalf (a nested frame), with the hops
// that joined the action late (ThreadFrame+LateJoins.swift).

extension ThreadFrame {
  /// Commits the innermost open frame with the hops that joined its action
  /// late: all of it in one step of the outbox, so that no turn shows the
  /// late values without the frame or the frame without them.
  func commitSegment(joinedBy late: [FrameMember]) {
    spillSolo()
    let start = segmentStart
    var batch = ContiguousArray<KeptEntry>()
    while entries.count > start { batch.append(entries.removeLast()) }
    batch.reverse()
    let committed = batch.withUnsafeBufferPointer { MainActorOutbox.commit($0, joinedBy: late) }
    finishCommit(of: batch, committed: committed)
  }

  /// The end of a commit, once every value has been moved out of the
  /// arena: frees their places, then runs what may run user code (a
  /// dropped value's `deinit`, a hop's release), which may keep values in
  /// the arena again for an action of its own.
  private func finishCommit(of batch: ContiguousArray<KeptEntry>, committed: [FrameMember]) {
    arena.reset(to: segmentArenaStart)
    if entries.isEmpty { ActionDepth.clear(ActionDepth.keptValues) }
    for member in committed { member.releaseDropped() }
    for entry in batch { entry.member.release() }
  }

  /// Commits the innermost open frame: its hops take their values, and the
  /// main actor's outbox lists them.
  @usableFromInline
  func commitSegment() {
    if let member = solo.take() {
      ActionDepth.clear(ActionDepth.keptValues)
      // Freed first: the commit moves the value out before it runs any
      // user code (dropping the value it replaces).
      arena.reset(to: segmentArenaStart)
      member._withUnsafeGuaranteedRef { member in
        if member.commit(number: soloNumber, value: soloValue) { MainActorOutbox.list(member) }
      }
      member.release()
      return
    }
    let start = segmentStart
    let count = entries.count - start
    guard count > 0 else { return }
    if count == 1 {
      // Most frames keep one value: out of `entries` first, as below.
      let entry = entries.removeLast()
      if entries.isEmpty { ActionDepth.clear(ActionDepth.keptValues) }
      arena.reset(to: segmentArenaStart)  // as above
      entry.member._withUnsafeGuaranteedRef { member in
        if member.commit(number: entry.number, value: entry.value) { MainActorOutbox.list(member) }
      }
      entry.member.release()
      return
    }
    // Moved out of `entries` first: releasing a hop afterwards may run
    // user code, which may start an action of its own on this thread.
    var batch = ContiguousArray<KeptEntry>()
    swap(&batch, &spare)
    if start == 0 {
      swap(&batch, &entries)
    } else {
      while entries.count > start { batch.append(entries.removeLast()) }
      batch.reverse()
    }
    let committed = batch.withUnsafeBufferPointer { MainActorOutbox.commit($0) }
    finishCommit(of: batch, committed: committed)
    batch.removeAll(keepingCapacity: true)
    if batch.capacity > spare.capacity { swap(&batch, &spare) }
  }

  /// The end of the calling thread's action, with something to commit.
  @usableFromInline
  @inline(never)
  static func actionEnded() {
    endAction()
  }

  /// ``actionEnded()``, inlined where the end is found.
  @inline(__always)
  static func endAction() {
    let word = fluxcore_action_word_get()
    fluxcore_action_word_set(word & ActionDepth.keptValues)
    // The frame exists: keeping a value or taking a stamp made it.
    guard let stored = fluxcore_thread_frame_get() else { return }
    let frame = Unmanaged<ThreadFrame>.fromOpaque(UnsafeRawPointer(stored))
    #if DEBUG
    frame._withUnsafeGuaranteedRef { $0.actionEnds += 1 }
    #endif
    let joinedLate =
      word & ActionDepth.wroteState != 0
      ? frame._withUnsafeGuaranteedRef { $0.finishAction(at: 0) } : 0
    if word & ActionDepth.keptValues != 0 || joinedLate != 0 {
      frame._withUnsafeGuaranteedRef { frame in
        guard joinedLate != 0 else { return frame.commitAtTheEnd(joinedBy: []) }
        let late = frame.takeLateJoins(of: joinedLate)
        frame.commitAtTheEnd(joinedBy: late.members)
        // Once what they waited for is committed.
        if !late.waiters.isEmpty { wake(late.waiters) }
      }
    }
  }

  /// Commits what the action that has just ended kept, and delivers it at
  /// once on the main actor.
  @inline(never)
  private func commitAtTheEnd(joinedBy late: [FrameMember]) {
    if late.isEmpty {
      commitSegment()
    } else {
      commitSegment(joinedBy: late)
    }
    // Only an action that changed a main-actor view has something to show
    // at once.
    if mayRunMainActor && isOnMainQueue() { deliverAtOnce() }
  }

  /// Delivers what is committed to the main actor's views, now, or, while
  /// this thread holds a subject's role (its action ended before the role
  /// is given back), once it has given every role back: the views'
  /// handlers then find the subject idle, as after any `dispatch`.
  ///
  /// On the main queue.
  func deliverAtOnce() {
    if heldRoles > 0 {
      owesDeliveryAtOnce = true
    } else {
      MainActorOutbox.deliverAtOnce(on: self)
    }
  }

  /// Notes that the calling thread holds a subject's role while its
  /// action may end: a delivery at once waits for ``givingRoleBack()``.
  @usableFromInline
  static func holdingARole() {
    current._withUnsafeGuaranteedRef { $0.heldRoles += 1 }
  }

  /// Notes that the calling thread has given back the role it noted with
  /// ``holdingARole()``, and delivers at once what waited for it.
  @usableFromInline
  static func gaveRoleBack() {
    current._withUnsafeGuaranteedRef { frame in
      frame.heldRoles -= 1
      guard frame.heldRoles == 0, frame.owesDeliveryAtOnce else { return }
      frame.owesDeliveryAtOnce = false
      MainActorOutbox.deliverAtOnce(on: frame)
    }
  }

  /// Notes that the calling thread runs the main queue's work now.
  @usableFromInline
  static func noteMainQueue() {
    current._withUnsafeGuaranteedRef { $0.mayRunMainActor = true }
  }

  /// Opens a frame for a delivery made on another thread's behalf, nested
  /// in the action in progress, if any.
  @usableFromInline
  static func beginSubframe() -> SubframeMark? {
    ActionDepth.enter()
    guard let frame = existing else { return nil }
    return frame._withUnsafeGuaranteedRef { frame in
      frame.spillSolo()
      frame.stampLevel += 1
      defer {
        frame.segmentStart = frame.entries.count
        frame.segmentArenaStart = frame.arena.next
      }
      return SubframeMark(segmentStart: frame.segmentStart, arena: frame.segmentArenaStart)
    }
  }

  /// Commits the frame that ``beginSubframe()`` opened, and goes back to
  /// the one it was nested in; on the main actor, outside any other
  /// action, delivers it at once (an event the main actor queued while it
  /// delivered, from a main-actor view's handler, say).
  @usableFromInline
  static func endSubframe(_ mark: SubframeMark?) {
    let outermost = !fluxcore_action_is_nested()
    if let frame = existing {
      frame._withUnsafeGuaranteedRef { frame in
        // An action of its own: stamps of what it wrote end with it.
        let joinedLate = frame.finishAction(at: frame.stampLevel)
        let late = joinedLate == 0 ? LateJoins() : frame.takeLateJoins(of: joinedLate)
        if frame.stampLevel > 0 { frame.stampLevel -= 1 }
        if late.members.isEmpty {
          frame.commitSegment()
        } else {
          frame.commitSegment(joinedBy: late.members)
        }
        frame.segmentStart = mark?.segmentStart ?? 0
        frame.segmentArenaStart = mark?.arena ?? FrameArena.Mark()
        if !late.waiters.isEmpty { wake(late.waiters) }
      }
    }
    ActionDepth.leave()
    if outermost, let frame = existing {
      frame._withUnsafeGuaranteedRef { frame in
        if frame.mayRunMainActor && isOnMainQueue() { frame.deliverAtOnce() }
      }
    }
  }
}

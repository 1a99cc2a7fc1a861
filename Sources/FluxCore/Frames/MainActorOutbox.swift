import Dispatch

/// What committed frames have made ready for the main actor, delivered in
/// one main-queue turn, or at once when the frame was the main actor's own.
///
/// A turn takes, under this lock, everything that members made ready so
/// far. A frame with several members is committed under the same lock, so a
/// turn never shows part of one: every view it changes shows the same set of
/// finished actions. A frame with one member needs no such care (a turn
/// sees all of it or none of it) and commits under that member's lock only.
/// One turn is scheduled per burst: members made ready while a turn is
/// scheduled and has not yet taken them join it, and so do those made ready
/// while a turn lingers (a flood: ``linger(on:since:)``).
@usableFromInline
enum MainActorOutbox: Sendable {
  struct State: Sendable {
    var members: [FrameMember] = []
    /// Whether a turn is queued on the main queue.
    var isScheduled = false
    /// When the turn now queued, or last queued, was queued (uptime, in
    /// nanoseconds): whether it lingers depends on it.
    var queuedAt: UInt64 = 0
    /// How many turns are lingering and not running handlers (one, or one
    /// in a nested run loop inside another's handler): each takes what is
    /// listed before it ends.
    var lingering = 0
  }

  static let state = Lock(State())

  /// Commits what a frame kept: one member's values under its own lock,
  /// several members' under the outbox's, so that no turn sees part of
  /// them.
  ///
  /// Returns the members whose ``FrameMember/releaseDropped()`` the caller
  /// calls once it may run user code.
  static func commit(_ kept: UnsafeBufferPointer<KeptEntry>) -> [FrameMember] {
    let first = kept[0].member.toOpaque()
    var index = 1
    while index < kept.count, kept[index].member.toOpaque() == first { index += 1 }
    guard index == kept.count else { return commit(kept, joinedBy: []) }
    return kept[0].member._withUnsafeGuaranteedRef { member in
      if member.commit(kept) { list(member) }
      return [member]
    }
  }

  /// Commits what a frame kept, and the late values of the hops that joined
  /// its action late, in one step of the outbox.
  ///
  /// The values are grouped by member first, outside the lock, so that the
  /// step costs one pass over them, not one per member. What the members
  /// replace or refuse waits for the caller to release it (the members
  /// returned), after every lock: a `deinit` may dispatch.
  static func commit(_ kept: UnsafeBufferPointer<KeptEntry>, joinedBy late: [FrameMember])
    -> [FrameMember]
  {
    let order = kept.indices.sorted { left, right in
      let (a, b) = (kept[left].member.toOpaque(), kept[right].member.toOpaque())
      return a == b ? left < right : a < b
    }
    let grouped = ContiguousArray(order.map { kept[$0] })
    var members: [FrameMember] = late
    grouped.withUnsafeBufferPointer { grouped in
      state.withLock { state in
        var start = 0
        while start < grouped.count {
          var end = start + 1
          let member = grouped[start].member
          while end < grouped.count, grouped[end].member.toOpaque() == member.toOpaque() {
            end += 1
          }
          member._withUnsafeGuaranteedRef { member in
            if member.commit(UnsafeBufferPointer(rebasing: grouped[start..<end])) {
              state.members.append(member)
            }
            members.append(member)
          }
          start = end
        }
        for member in late where member.finishLate() { state.members.append(member) }
        scheduleIfNeeded(&state)
      }
    }
    return members
  }

  /// Lists a member that has made something ready and noted itself listed.
  @usableFromInline
  static func list(_ member: FrameMember) {
    state.withLock { state in
      state.members.append(member)
      scheduleIfNeeded(&state)
    }
  }

  /// Queues the next turn if none is queued, under the lock: a commit that
  /// finds a turn scheduled finds it already on the main queue, ahead of
  /// anything its thread queues next, or running (a lingering turn, which
  /// takes it before it returns). (Queued after the lock, a turn that
  /// another thread had marked scheduled could land behind the main actor's
  /// own next blocks, and a main-actor write wait a few turns for its view.)
  static func scheduleIfNeeded(_ state: inout State) {
    guard !state.isScheduled, state.lingering == 0, !state.members.isEmpty else { return }
    state.isScheduled = true
    state.queuedAt = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.main.async { deliverTurn() }
  }

  /// Delivers, on the main actor, everything committed so far, before a
  /// view being made reads the state as of the last finished action: so
  /// that the views already on screen show those actions too.
  ///
  /// Called on the main queue.
  @usableFromInline
  static func catchUp() {
    ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      _ = deliver(on: frame) { _ in .everything }
    }
  }

  /// Delivers, on the main actor, everything committed so far: the end of
  /// an action that the main actor dispatched and delivered itself.
  ///
  /// Called on the main queue, at the end of the action, outside any
  /// delivery.
  static func deliverAtOnce(on frame: ThreadFrame) {
    deliver(on: frame) { _ in .everything }
  }

  /// Which members a pass takes from.
  enum Taking {
    case everything
    /// Every-value members only: latest-value members stay listed for the
    /// turn's last pass.
    case everyValue
  }

  /// Takes what is ready and delivers it; returns whether it took anything.
  ///
  /// `decide`, under the lock, says from which members, and `settle`,
  /// under the same lock, is told whether the pass took anything.
  ///
  /// A pass takes from every member before it delivers to any, so that it
  /// shows one set of finished actions; what it took waits in each member
  /// until it is delivered. A handler that commits more on the main actor
  /// (a main-actor action, at once) or runs a nested run loop (a modal
  /// panel, where the next turns run) makes a pass inside this one: a
  /// member delivers what an outer pass took for it first, so no view gets
  /// a value before one taken ahead of it, and the screen keeps following
  /// the stores while the handler runs.
  @discardableResult
  static func deliver(
    on frame: ThreadFrame, _ decide: (inout State) -> Taking,
    then settle: (inout State, _ took: Bool) -> Void = { _, _ in }
  ) -> Bool {
    // The list of members, and a spare one kept on the frame for the next
    // turn: a turn allocates nothing (a nested pass makes its own).
    var members: [FrameMember] = []
    swap(&members, &frame.spareMembers)
    state.withLock { state in
      switch decide(&state) {
      case .everything:
        swap(&members, &state.members)
      case .everyValue:
        var kept = 0
        for index in state.members.indices {
          let member = state.members[index]
          if member.deliversOncePerTurn {
            state.members[kept] = member
            kept += 1
          } else {
            members.append(member)
          }
        }
        state.members.removeLast(state.members.count - kept)
      }
      for member in members { member.takeReady() }
      settle(&state, !members.isEmpty)
    }
    let took = !members.isEmpty
    // The main queue runs on the main actor's thread.
    MainActor.assumeIsolated {
      for member in members { member.deliverTaken() }
    }
    members.removeAll(keepingCapacity: true)
    if members.capacity > frame.spareMembers.capacity { swap(&members, &frame.spareMembers) }
    return took
  }
}

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
/// scheduled and has not yet taken them join it.
@usableFromInline
enum MainActorOutbox: Sendable {
  private struct State: Sendable {
    var members: [FrameMember] = []
    var isScheduled = false
  }

  private static let state = Lock(State())

  /// Commits what a frame kept: one member's values under its own lock,
  /// several members' under the outbox's, so that no turn sees part of
  /// them.
  static func commit(_ kept: UnsafeBufferPointer<KeptEntry>) {
    let first = kept[0].member.toOpaque()
    var index = 1
    while index < kept.count, kept[index].member.toOpaque() == first { index += 1 }
    if index == kept.count {
      kept[0].member._withUnsafeGuaranteedRef { member in
        if member.commit(kept) { list(member) }
      }
      return
    }
    commit(kept, joinedBy: [])
  }

  /// Commits what a frame kept, and the late values of the hops that joined
  /// its action late, in one step of the outbox.
  static func commit(_ kept: UnsafeBufferPointer<KeptEntry>, joinedBy late: [FrameMember]) {
    state.withLock { state in
      for (index, entry) in kept.enumerated()
      where !kept[..<index].contains(where: { $0.member.toOpaque() == entry.member.toOpaque() }) {
        entry.member._withUnsafeGuaranteedRef { member in
          if member.commit(kept) { state.members.append(member) }
        }
      }
      for member in late where member.finishLate() { state.members.append(member) }
      scheduleIfNeeded(&state)
    }
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
  /// anything its thread queues next. (Queued after the lock, a turn that
  /// another thread had marked scheduled could land behind the main
  /// actor's own next blocks, and a main-actor write wait a few turns for
  /// its view.)
  private static func scheduleIfNeeded(_ state: inout State) {
    guard !state.isScheduled, !state.members.isEmpty else { return }
    state.isScheduled = true
    DispatchQueue.main.async { deliverTurn() }
  }

  /// One main-actor turn: takes everything ready, then delivers it.
  private static func deliverTurn() {
    HopCount.record()
    ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      // The main queue runs here: a main-actor action on this thread may
      // be delivered at once.
      frame.mayRunMainActor = true
      deliver(on: frame, endingTheTurn: true)
    }
  }

  /// Delivers, on the main actor, everything committed so far: the end of
  /// an action that the main actor dispatched and delivered itself.
  ///
  /// Called on the main queue, at the end of the action, outside any
  /// delivery.
  static func deliverAtOnce(on frame: ThreadFrame) {
    deliver(on: frame, endingTheTurn: false)
  }

  /// Takes what is ready and delivers it, again while more is committed.
  ///
  /// Again while a main-actor action that a handler dispatched meanwhile
  /// committed more. A commit made
  /// while this delivers (from a handler) asks for another pass instead of
  /// delivering inside it, so that a view never gets a value before one
  /// that was taken ahead of it.
  private static func deliver(on frame: ThreadFrame, endingTheTurn: Bool) {
    guard !frame.isDraining else {
      frame.drainAgain = true
      return
    }
    frame.isDraining = true
    defer { frame.isDraining = false }
    var endsTurn = endingTheTurn
    // The list of members, and a spare one kept on the frame for the next
    // turn: a turn allocates nothing.
    var members: [FrameMember] = []
    swap(&members, &frame.spareMembers)
    repeat {
      frame.drainAgain = false
      state.withLock { state in
        if endsTurn { state.isScheduled = false }
        swap(&members, &state.members)
        for member in members { member.takeReady() }
      }
      endsTurn = false
      // The main queue runs on the main actor's thread.
      MainActor.assumeIsolated {
        for member in members { member.deliverTaken() }
      }
      members.removeAll(keepingCapacity: true)
    } while frame.drainAgain
    swap(&members, &frame.spareMembers)
  }
}

import Dispatch

/// A main-actor view's end of a frame: a hop that keeps the values each
/// thread's frame gave it until that frame is committed.
@usableFromInline
protocol FrameMember: AnyObject, Sendable {
  /// Makes what `thread`'s frame gave this member ready for the main actor;
  /// whether the member must now be listed for a turn (it was not, and has
  /// something ready), which it notes as done.
  func commit(from thread: UInt) -> Bool
  /// Takes what is ready, as the delivery to run on the main actor, and
  /// notes that the member is no longer listed. Called with the outbox's
  /// lock held, on the main actor.
  func takeReady() -> (@MainActor () -> Void)?
}

/// What committed frames have made ready for the main actor, delivered in
/// one main-queue turn.
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
    var members: [any FrameMember] = []
    var isScheduled = false
  }

  private static let state = Lock(State())

  /// Commits a frame with one member: what `thread` gave it.
  static func commit(_ member: any FrameMember, from thread: UInt) {
    if member.commit(from: thread) { list(member) }
  }

  /// Commits a frame with several members: what `thread` gave each.
  static func commit(_ members: [any FrameMember], from thread: UInt) {
    state.withLock { state in
      for member in members where member.commit(from: thread) { state.members.append(member) }
      scheduleIfNeeded(&state)
    }
  }

  /// Lists a member that has made something ready and noted itself listed.
  @usableFromInline
  static func list(_ member: any FrameMember) {
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
    scheduleTurn()
  }

  private static func scheduleTurn() {
    DispatchQueue.main.async { deliverTurn() }
  }

  /// One main-actor turn: takes everything ready, then delivers it.
  private static func deliverTurn() {
    HopCount.record()
    let deliveries = state.withLock { state in
      state.isScheduled = false
      defer { state.members.removeAll(keepingCapacity: true) }
      return state.members.compactMap { $0.takeReady() }
    }
    // The main queue runs on the main actor's thread.
    MainActor.assumeIsolated {
      for delivery in deliveries { delivery() }
    }
  }
}

import Dispatch

/// A main-actor view's end of a frame: a hop that keeps the values each
/// thread's frame gave it until that frame is committed.
@usableFromInline
protocol FrameMember: AnyObject, Sendable {
  /// Makes what `thread`'s frame gave this member ready for the main actor;
  /// whether something is ready. Called with the outbox's lock held.
  func commit(from thread: UInt) -> Bool
  /// Takes what is ready, as the delivery to run on the main actor. Called
  /// with the outbox's lock held, on the main actor.
  func takeCommitted() -> (@MainActor () -> Void)?
}

/// What committed frames have made ready for the main actor, delivered in
/// one main-queue turn.
///
/// A frame is committed whole, under this lock, and a turn takes everything
/// committed so far under the same lock, so a turn never shows part of a
/// frame: every view it changes shows the same set of finished actions. One
/// turn is scheduled per burst: commits that come while a turn is scheduled
/// and has not yet taken its members join it.
enum MainActorOutbox: Sendable {
  private struct State: Sendable {
    var members: [any FrameMember] = []
    var listed: Set<ObjectIdentifier> = []
    var isScheduled = false
  }

  private static let state = Lock(State())

  /// Commits a frame: what `thread` gave each of `members`.
  static func commit(_ members: [any FrameMember], from thread: UInt) {
    guard !members.isEmpty else { return }
    let schedule = state.withLock { state in
      for member in members where member.commit(from: thread) {
        list(member, in: &state)
      }
      return scheduleIfNeeded(&state)
    }
    if schedule { scheduleTurn() }
  }

  /// Lists a member that made a value ready on its own, outside any frame.
  static func post(_ member: any FrameMember) {
    let schedule = state.withLock { state in
      list(member, in: &state)
      return scheduleIfNeeded(&state)
    }
    if schedule { scheduleTurn() }
  }

  private static func list(_ member: any FrameMember, in state: inout State) {
    if state.listed.insert(ObjectIdentifier(member)).inserted { state.members.append(member) }
  }

  private static func scheduleIfNeeded(_ state: inout State) -> Bool {
    guard !state.isScheduled, !state.members.isEmpty else { return false }
    state.isScheduled = true
    return true
  }

  private static func scheduleTurn() {
    DispatchQueue.main.async { deliverTurn() }
  }

  /// One main-actor turn: takes everything committed, then delivers it.
  private static func deliverTurn() {
    HopCount.record()
    let deliveries = state.withLock { state in
      state.isScheduled = false
      let members = state.members
      state.members = []
      state.listed = []
      return members.compactMap { $0.takeCommitted() }
    }
    // The main queue runs on the main actor's thread.
    MainActor.assumeIsolated {
      for delivery in deliveries { delivery() }
    }
  }
}

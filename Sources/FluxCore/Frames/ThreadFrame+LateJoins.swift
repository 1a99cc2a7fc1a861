// A view made while an action is in progress on another thread joins that
// action late (State/StateStamp.swift): its hop keeps the value it got while
// subscribing until the action ends, and the action's thread makes it ready
// then, with the frame it commits.
//
// The thread that ends an action stores the next action's number, then
// looks for late joins; a view's thread, holding the lock, marks that there
// are some, then reads the number. Both sequentially consistent: one of
// them sees the other, so a join is never left behind by an action that has
// ended.

/// What joined an action late, taken when it ends: hops, which its commit
/// makes ready, and waiters, woken once it is committed.
struct LateJoins: Sendable {
  var members: [FrameMember] = []
  var waiters: [DeliveryMarker] = []
}

/// A hop waiting for an action's end.
@usableFromInline
struct LateJoin: Sendable {
  /// A hop that joined the action late, or nil for a waiter.
  @usableFromInline let member: FrameMember?
  /// A waiter of `waitUntilDelivered()` whose marker is reached when the
  /// action ends, after its frame is committed (guarantee 10, "waiting
  /// shows it"), or nil for a hop.
  @usableFromInline let marker: DeliveryMarker?
  @usableFromInline let action: Int
}

extension ThreadFrame {
  /// How many nested actions (an action, and the deliveries it makes on
  /// other threads' behalf) have numbers of their own; deeper ones share
  /// the deepest one's.
  @inlinable static var numberedLevels: Int { 8 }

  /// The number the next action that writes state takes.
  @inlinable
  var nextActionNumber: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 0) }
  /// Set while late joins may be waiting.
  @inlinable
  var mayHaveLateJoins: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 1) }
  /// The number of the action in progress at each level that has written
  /// state, or 0: what other threads read to tell whether an action has
  /// ended.
  @inlinable
  func openAction(at level: Int) -> AtomicWord {
    AtomicWord(inStoredPropertiesOf: self, at: 2 + level)
  }

  /// The number of the action in progress at the calling thread's level,
  /// for a stamp, given one if it has none yet; on this frame's thread.
  @inlinable
  @inline(__always)
  var actionInProgress: Int {
    let open = openAction(at: Swift.min(stampLevel, Self.numberedLevels - 1))
    let number = open.load(ordering: .relaxed)
    guard number == 0 else { return number }
    let new = nextActionNumber.load(ordering: .relaxed)
    nextActionNumber.store(new + 1, ordering: .relaxed)
    open.store(new, ordering: .releasing)
    return new
  }

  /// Whether the action numbered `action` has ended; from any thread.
  @usableFromInline
  func isFinished(action: Int) -> Bool {
    guard nextActionNumber.load(ordering: .sequentiallyConsistent) > action else { return false }
    for level in 0..<Self.numberedLevels
    where openAction(at: level).load(ordering: .sequentiallyConsistent) == action {
      return false
    }
    return true
  }

  /// From another thread: asks this frame's thread to let `member` finish
  /// its late value when the action numbered `action` ends; `false` if it
  /// has ended already.
  @usableFromInline
  func joinLate(_ member: FrameMember, action: Int) -> Bool {
    join(LateJoin(member: member, marker: nil, action: action))
  }

  /// Reaches `marker` when the action numbered `action` ends.
  ///
  /// After its frame is committed: for a wait on a subject that the action
  /// delivered to, whose delivery ended inside it. Returns `false`, and
  /// keeps nothing, if the action has ended already.
  @usableFromInline
  func wakeAtTheEnd(of action: Int, _ marker: DeliveryMarker) -> Bool {
    join(LateJoin(member: nil, marker: marker, action: action))
  }

  /// Keeps `join` for the end of its action, unless that has ended: the
  /// other side of ``finishAction(at:)`` (see the top of this file).
  private func join(_ join: LateJoin) -> Bool {
    lateJoins.withLock { joins in
      mayHaveLateJoins.store(1, ordering: .sequentiallyConsistent)
      guard !isFinished(action: join.action) else { return false }
      joins.append(join)
      return true
    }
  }

  /// On this frame's thread, at the end of the action at `level`: ends it
  /// for every stamp of it; its number if members may have joined it late
  /// (for ``takeLateJoins(of:)``), or 0.
  @inline(__always)
  func finishAction(at level: Int) -> Int {
    guard level < Self.numberedLevels else { return 0 }
    let open = openAction(at: level)
    let action = open.load(ordering: .relaxed)
    guard action != 0 else { return 0 }
    open.store(0, ordering: .sequentiallyConsistent)
    #if DEBUG
    whileEndingAnAction?()
    #endif
    guard mayHaveLateJoins.load(ordering: .sequentiallyConsistent) != 0 else { return 0 }
    return action
  }

  /// The members that joined the action numbered `action`, which has just
  /// ended, late.
  func takeLateJoins(of action: Int) -> LateJoins {
    lateJoins.withLock { joins in
      let taken = joins.filter { $0.action == action }
      joins.removeAll { $0.action == action }
      if joins.isEmpty { mayHaveLateJoins.store(0, ordering: .relaxed) }
      return LateJoins(members: taken.compactMap(\.member), waiters: taken.compactMap(\.marker))
    }
  }

  /// The action that a delivery which has just ended inside another belongs
  /// to, if that action has kept values for main-actor views.
  ///
  /// A wait on the subject delivered returns only once it has ended
  /// (guarantee 10, "waiting shows it", whatever the delivering thread is
  /// still doing). Nil outside an action, or for one that has nothing on
  /// its way to a view: an action that only wrote Variables costs nothing
  /// more here, whatever views exist elsewhere.
  @usableFromInline
  static func enclosingActionToWaitFor() -> ActionStamp? {
    guard ActionDepth.isInsideAction && ActionDepth.hasKeptValues else { return nil }
    return StateStamp.ofTheActionInProgress()
  }

  /// Whether `stamp` is an action of the calling thread's, which cannot
  /// end while the thread waits.
  @usableFromInline
  static func isOwn(_ stamp: ActionStamp) -> Bool {
    existing?.toOpaque() == stamp.frame.toOpaque()
  }

  /// Reaches `marker` when the action `stamp` ends, unless it has ended or
  /// is the calling thread's own; whether it will.
  @usableFromInline
  static func wake(_ marker: DeliveryMarker, atTheEndOfAnotherThreads stamp: ActionStamp) -> Bool {
    !isOwn(stamp)
      && stamp.frame._withUnsafeGuaranteedRef { $0.wakeAtTheEnd(of: stamp.action, marker) }
  }
}

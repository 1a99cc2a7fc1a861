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

/// A hop waiting for an action's end.
@usableFromInline
struct LateJoin: Sendable {
  @usableFromInline let member: FrameMember
  @usableFromInline let action: Int
}

extension ThreadFrame {
  /// The number of the action in progress on this frame's thread (or of
  /// the next one): stamps of it are unfinished while it is.
  @inlinable
  var actionNumber: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 0) }
  /// Set while late joins may be waiting.
  @inlinable
  var mayHaveLateJoins: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 1) }

  /// The number of the action in progress, for a stamp; on this frame's
  /// thread.
  @inlinable
  var actionInProgress: Int { actionNumber.load(ordering: .relaxed) }

  /// Whether the action numbered `action` has ended; from any thread.
  @usableFromInline
  func isFinished(action: Int) -> Bool {
    actionNumber.load(ordering: .sequentiallyConsistent) > action
  }

  /// From another thread: asks this frame's thread to let `member` finish
  /// its late value when the action numbered `action` ends; `false` if it
  /// has ended already.
  @usableFromInline
  func joinLate(_ member: FrameMember, action: Int) -> Bool {
    lateJoins.withLock { joins in
      mayHaveLateJoins.store(1, ordering: .sequentiallyConsistent)
      guard !isFinished(action: action) else { return false }
      joins.append(LateJoin(member: member, action: action))
      return true
    }
  }

  /// On this frame's thread, at the end of an action that wrote state: ends
  /// it for every stamp of it; whether members may have joined it late.
  @inline(__always)
  func finishStampedAction() -> Bool {
    actionNumber.store(actionInProgress + 1, ordering: .sequentiallyConsistent)
    return mayHaveLateJoins.load(ordering: .sequentiallyConsistent) != 0
  }

  /// The members that joined the action that has just ended late.
  func takeLateJoins() -> [FrameMember] {
    lateJoins.withLock { joins in
      mayHaveLateJoins.store(0, ordering: .relaxed)
      defer { joins = [] }
      return joins.map(\.member)
    }
  }
}

/// A value that a main-actor view's hop received during an action, kept on
/// the thread until the action ends.
@usableFromInline
struct KeptEntry {
  /// The hop, retained (by ``ThreadFrame/keep(_:number:for:replacing:)``,
  /// released by ``ThreadFrame/commitSegment()``) so that it outlives a
  /// subscription disposed meanwhile; unmanaged, so that moving an entry
  /// and calling the hop cost no reference counting.
  @usableFromInline let member: Unmanaged<FrameMember>
  /// The value's place in the order values reached the hop.
  @usableFromInline var number: Int
  /// The value, an initialized instance of the hop's element type.
  @usableFromInline let value: UnsafeMutableRawPointer

  @inlinable
  init(member: Unmanaged<FrameMember>, number: Int, value: UnsafeMutableRawPointer) {
    self.member = member
    self.number = number
    self.value = value
  }
}

/// Where a nested frame began, to go back to when it ends.
@usableFromInline
struct SubframeMark {
  @usableFromInline let segmentStart: Int
  @usableFromInline let arena: FrameArena.Mark

  @inlinable
  init(segmentStart: Int, arena: FrameArena.Mark) {
    self.segmentStart = segmentStart
    self.arena = arena
  }
}

/// Explicitly not `Sendable`: an entry is its thread's until committed.
@available(*, unavailable)
extension KeptEntry: Sendable {}

/// Explicitly not `Sendable`: a mark is its thread's.
@available(*, unavailable)
extension SubframeMark: Sendable {}

/// Where a ``MainHop`` keeps values for the frames of unfinished actions
/// apart from its own lock: a few lanes, each claimed by one thread for the
/// length of its frame.
///
/// A thread claims a free lane (its owner word goes from 0 to the thread's
/// number, acquiring) when it first keeps a value in a frame, keeps every
/// value of that frame in it, and gives it back (releasing) once the frame
/// is committed, emptied. The lane's lock is only ever taken by its owner
/// (and by nobody else while it is free), so it is never contended: a
/// thread keeping values for its frame never waits for the main actor,
/// which takes the hop's lock. A thread that finds every lane taken keeps
/// its values under the hop's lock instead (``MainHopState/kept``).
@usableFromInline
enum HopLanes: Sendable {
  /// How many threads can keep values at once in lanes.
  @inlinable static var count: Int { 4 }
}

extension MainHop {
  /// The next number for a value reaching the hop, from 1.
  @inlinable
  func nextNumber() -> Int {
    counterWord.add(1, ordering: .relaxed) + 1
  }

  /// The lane `thread` holds, or -1.
  @inlinable
  func lane(heldBy thread: UInt) -> Int {
    let owner = Int(bitPattern: thread)
    for lane in 0..<HopLanes.count where ownerWord(lane).load(ordering: .relaxed) == owner {
      return lane
    }
    return -1
  }

  /// Claims a free lane for `thread`, or returns -1 if none is free.
  @inlinable
  func claimLane(for thread: UInt) -> Int {
    for lane in 0..<HopLanes.count
    where ownerWord(lane).load(ordering: .relaxed) == 0
      && ownerWord(lane).compareExchange(
        expected: 0, desired: Int(bitPattern: thread), ordering: .acquiring)
    {
      return lane
    }
    return -1
  }

  /// Gives an emptied lane back.
  @inlinable
  func releaseLane(_ lane: Int) {
    ownerWord(lane).store(0, ordering: .releasing)
  }

  /// Whether any lane is held: some thread may be keeping values.
  @inlinable
  var anyLaneHeld: Bool {
    (0..<HopLanes.count).contains { ownerWord($0).load(ordering: .relaxed) != 0 }
  }
}

/// What one lane keeps: the newest value (latest-value mode) or every value
/// in order (every-value mode).
@usableFromInline
struct LaneValues<Element: Sendable>: Sendable {
  @usableFromInline var latest: NumberedValue<Element>?
  @usableFromInline var values: ContiguousArray<NumberedValue<Element>> = []

  @inlinable
  init() {}
}

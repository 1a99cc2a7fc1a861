/// Where a ``MainHop`` keeps values for the frames of unfinished actions
/// without taking its lock: a few lanes, each claimed by one thread for the
/// length of its frame and touched only by that thread meanwhile.
///
/// A thread claims a free lane (its owner word goes from 0 to the thread's
/// number, acquiring) when it first keeps a value in a frame, keeps every
/// value of that frame in it, and gives it back (releasing) once the frame
/// is committed, emptied. So a lane's values pass from one owner to the next
/// in order, and the hop's receive costs no lock when a thread keeps values
/// for its frame. A thread that finds every lane taken keeps its values
/// under the hop's lock instead (``MainHopState/kept``).
@usableFromInline
struct HopLanes<Element: Sendable> {
  /// How many threads can keep values at once without the lock.
  @inlinable static var count: Int { 4 }

  /// The lanes' owner words, then the hop's value counter.
  @usableFromInline let words: UnsafeMutablePointer<Int>
  @usableFromInline let lanes: UnsafeMutablePointer<LaneValues<Element>>

  @inlinable
  init() {
    words = .allocate(capacity: Self.count + 1)
    words.initialize(repeating: 0, count: Self.count + 1)
    lanes = .allocate(capacity: Self.count)
    lanes.initialize(repeating: LaneValues(), count: Self.count)
  }

  /// Frees the storage; every lane is empty by then (a frame keeps the hop
  /// alive until it is committed).
  @inlinable
  func deallocate() {
    lanes.deinitialize(count: Self.count)
    lanes.deallocate()
    words.deallocate()
  }

  /// The next number for a value reaching the hop, from 1.
  @inlinable
  func nextNumber() -> Int {
    AtomicWord(words + Self.count).add(1, ordering: .relaxed) + 1
  }

  @inlinable
  func owner(_ lane: Int) -> AtomicWord {
    AtomicWord(words + lane)
  }

  /// The lane `thread` holds, or -1.
  @inlinable
  func lane(heldBy thread: UInt) -> Int {
    let owner = Int(bitPattern: thread)
    for lane in 0..<Self.count where self.owner(lane).load(ordering: .relaxed) == owner {
      return lane
    }
    return -1
  }

  /// Claims a free lane for `thread`, or returns -1 if none is free.
  @inlinable
  func claim(for thread: UInt) -> Int {
    for lane in 0..<Self.count
    where owner(lane).load(ordering: .relaxed) == 0
      && owner(lane).compareExchange(
        expected: 0, desired: Int(bitPattern: thread), ordering: .acquiring)
    {
      return lane
    }
    return -1
  }

  /// Gives an emptied lane back.
  @inlinable
  func release(_ lane: Int) {
    owner(lane).store(0, ordering: .releasing)
  }

  /// Whether any lane is held: some thread may be keeping values.
  @inlinable
  var anyHeld: Bool {
    (0..<Self.count).contains { owner($0).load(ordering: .relaxed) != 0 }
  }
}

/// What one lane keeps: the newest value (latest-value mode) or every value
/// in order (every-value mode).
@usableFromInline
struct LaneValues<Element: Sendable> {
  @usableFromInline var latest: NumberedValue<Element>?
  @usableFromInline var values: ContiguousArray<NumberedValue<Element>> = []

  @inlinable
  init() {}
}

/// A first-in, first-out queue of pending work, from which the delivering
/// thread takes a batch at a time.
///
/// Two buffers: work is appended to `back`, and taken from `front`, starting
/// at `head`; when `front` runs out, the two swap. So appending and taking are
/// O(1) (amortized), and taking moves each entry out, with no retain and no
/// release under the lock. A third buffer, `spare`, lends the delivering
/// thread its batch, so that a busy subject stops allocating once the buffers
/// have grown to its usual batch sizes.
@usableFromInline
struct PendingQueue<Element: Sendable>: Sendable {
  @usableFromInline var front: ContiguousArray<PendingEntry<Element>?> = []
  @usableFromInline var head = 0
  @usableFromInline var back: ContiguousArray<PendingEntry<Element>?> = []
  @usableFromInline var spare: ContiguousArray<PendingEntry<Element>> = []
  /// The number of entries waiting.
  @usableFromInline var count = 0
  /// The largest `count` so far, or since the last reset.
  @usableFromInline var peakCount = 0

  @inlinable
  init() {}

  /// Buffers above this capacity are dropped once empty, so that a flood
  /// does not keep its memory.
  @inlinable static var largestKeptCapacity: Int { 1_024 }

  @inlinable
  mutating func append(_ entry: PendingEntry<Element>) {
    back.append(entry)
    count += 1
    if count > peakCount { peakCount = count }
  }

  /// Moves up to `limit` entries, oldest first, into `batch`, which must be
  /// empty.
  @inlinable
  mutating func take(upTo limit: Int, into batch: inout ContiguousArray<PendingEntry<Element>>) {
    let taken = Swift.min(limit, count)
    count -= taken
    for _ in 0..<taken {
      if head == front.count {
        // Every entry of `front` has been moved out: nothing to release.
        Self.empty(&front)
        swap(&front, &back)
        head = 0
      }
      batch.append(front[head].take().unsafelyUnwrapped)
      head += 1
    }
    if count == 0 {
      Self.empty(&front)
      head = 0
    }
  }

  /// The number of entries from the front through the last one owned by
  /// `owner`, or 0 if none is.
  @inlinable
  func countThroughLast(ownedBy owner: UInt) -> Int {
    if let index = back.lastIndex(where: { $0?.owner == owner }) {
      return front.count - head + index + 1
    }
    if let index = front[head...].lastIndex(where: { $0?.owner == owner }) {
      return index - head + 1
    }
    return 0
  }

  /// Lends an empty buffer for a batch.
  @inlinable
  mutating func lendBatch() -> ContiguousArray<PendingEntry<Element>> {
    var batch = ContiguousArray<PendingEntry<Element>>()
    swap(&batch, &spare)
    return batch
  }

  /// Takes back a batch buffer, which must be empty: the caller empties it
  /// outside the lock, because destroying values may run user code.
  @inlinable
  mutating func returnBatch(_ batch: inout ContiguousArray<PendingEntry<Element>>) {
    if batch.capacity > spare.capacity && batch.capacity <= Self.largestKeptCapacity {
      swap(&batch, &spare)
    }
  }

  /// Empties a buffer whose entries have all been moved out, keeping its
  /// capacity unless it is large.
  @inlinable
  static func empty(_ buffer: inout ContiguousArray<PendingEntry<Element>?>) {
    buffer.removeAll(keepingCapacity: buffer.capacity <= largestKeptCapacity)
  }
}

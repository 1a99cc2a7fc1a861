/// A first-in, first-out queue of pending work, from which the delivering
/// thread takes a batch at a time.
///
/// Entries live in blocks of `blockSize`: appending fills the last block and
/// starts a new one when it is full, and taking empties the first and drops
/// it. So no operation ever copies the queue, however long a flood makes it
/// (a doubling array would copy it all, under the lock, each time it grows),
/// and memory follows the queue's length. Taking moves each entry out, with
/// no retain and no release under the lock. One emptied block is kept for
/// reuse, and so is one batch buffer, so that a busy subject stops
/// allocating once it has them.
@usableFromInline
struct PendingQueue<Element: Sendable>: Sendable {
  @usableFromInline typealias Block = ContiguousArray<PendingEntry<Element>?>

  /// The blocks, oldest first; only the last one may have room.
  @usableFromInline var blocks: ContiguousArray<Block> = []
  /// The index of the first entry still waiting in `blocks[0]`.
  @usableFromInline var head = 0
  @usableFromInline var spareBlock = Block()
  @usableFromInline var spareBatch = ContiguousArray<PendingEntry<Element>>()
  /// The number of entries waiting.
  @usableFromInline var count = 0
  /// The largest `count` so far, or since the last reset.
  @usableFromInline var peakCount = 0

  @inlinable
  init() {}

  /// The number of entries a block holds.
  @inlinable static var blockSize: Int { 512 }

  @inlinable
  mutating func append(_ entry: PendingEntry<Element>) {
    if blocks.isEmpty || blocks[blocks.count - 1].count == Self.blockSize {
      var block = Block()
      swap(&block, &spareBlock)
      block.reserveCapacity(Self.blockSize)
      blocks.append(block)
    }
    blocks[blocks.count - 1].append(entry)
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
      batch.append(blocks[0][head].take().unsafelyUnwrapped)
      head += 1
      if head == blocks[0].count && (head == Self.blockSize || count == 0) {
        dropFirstBlock()
      }
    }
  }

  /// Drops the first block, whose entries have all been moved out (nothing
  /// to release), keeping it for reuse.
  @inlinable
  mutating func dropFirstBlock() {
    var block = blocks.removeFirst()
    block.removeAll(keepingCapacity: true)
    if block.capacity > spareBlock.capacity { swap(&block, &spareBlock) }
    head = 0
  }

  /// The number of entries from the front through the last one owned by
  /// `owner`, or 0 if none is.
  @inlinable
  func countThroughLast(ownedBy owner: UInt) -> Int {
    var position = count  // of the entry looked at, counting from 1 at the front
    for blockIndex in blocks.indices.reversed() {
      let first = blockIndex == 0 ? head : 0
      for index in stride(from: blocks[blockIndex].count - 1, through: first, by: -1) {
        if blocks[blockIndex][index].unsafelyUnwrapped.owner == owner { return position }
        position -= 1
      }
    }
    return 0
  }

  /// Lends an empty buffer for a batch.
  @inlinable
  mutating func lendBatch() -> ContiguousArray<PendingEntry<Element>> {
    var batch = ContiguousArray<PendingEntry<Element>>()
    swap(&batch, &spareBatch)
    return batch
  }

  /// Takes back a batch buffer, which must be empty: the caller empties it
  /// outside the lock, because destroying values may run user code.
  @inlinable
  mutating func returnBatch(_ batch: inout ContiguousArray<PendingEntry<Element>>) {
    if batch.capacity > spareBatch.capacity { swap(&batch, &spareBatch) }
  }
}

/// The memory in which a thread's frame keeps values for main-actor views
/// until their action ends: chunks that are kept for the thread's next
/// action, so that a frame allocates nothing once the thread has its first
/// chunk.
///
/// Values are placed one after the other and never moved (a value with a
/// weak reference in it must not be copied bit for bit); a place is freed
/// only in bulk, back to a mark, once every value after it has been moved
/// out.
@usableFromInline
struct FrameArena {
  @usableFromInline
  struct Chunk {
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let capacity: Int
  }

  /// Where the next value goes: a chunk and an offset in it.
  @usableFromInline
  struct Mark {
    @usableFromInline var chunk = 0
    @usableFromInline var offset = 0

    @inlinable
    init() {}
  }

  @usableFromInline var chunks: [Chunk] = []
  @usableFromInline var next = Mark()
  /// The chunk `next` is in, if any: read without going through `chunks`.
  @usableFromInline var base: UnsafeMutableRawPointer?
  @usableFromInline var capacity = 0

  @inlinable
  init() {}

  /// The smallest chunk: most frames keep a few small values.
  @inlinable static var chunkSize: Int { 4_096 }

  /// A place for a value of `byteCount` bytes aligned to `alignment`.
  @inlinable
  @inline(__always)
  mutating func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    if let base {
      // Aligned as an address: a chunk's base is aligned to 16 only.
      let address = Int(bitPattern: base) + next.offset
      let start = ((address + alignment - 1) & ~(alignment - 1)) - Int(bitPattern: base)
      if start + byteCount <= capacity {
        next.offset = start + byteCount
        return base + start
      }
    }
    return allocateInNextChunk(byteCount: byteCount, alignment: alignment)
  }

  /// Moves on to the next chunk with room, making one if none has.
  @usableFromInline
  @inline(never)
  mutating func allocateInNextChunk(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
    var index = base == nil ? next.chunk : next.chunk + 1
    while index < chunks.count,
      chunks[index].capacity < byteCount
        || Int(bitPattern: chunks[index].base) & (alignment - 1) != 0
    {
      index += 1
    }
    if index == chunks.count {
      let capacity = Swift.max(Self.chunkSize, byteCount)
      chunks.append(
        Chunk(
          base: .allocate(byteCount: capacity, alignment: Swift.max(alignment, 16)),
          capacity: capacity))
    }
    enter(chunk: index, offset: byteCount)
    return chunks[index].base
  }

  @inlinable
  mutating func enter(chunk index: Int, offset: Int) {
    next.chunk = index
    next.offset = offset
    base = index < chunks.count ? chunks[index].base : nil
    capacity = index < chunks.count ? chunks[index].capacity : 0
  }

  /// Frees every place allocated after `mark`, whose values have been moved
  /// out; chunks larger than the smallest are given back to the system.
  @inlinable
  mutating func reset(to mark: Mark) {
    if mark.chunk == next.chunk {
      next.offset = mark.offset
    } else {
      resetAcrossChunks(to: mark)
    }
  }

  @usableFromInline
  @inline(never)
  mutating func resetAcrossChunks(to mark: Mark) {
    if chunks.count > mark.chunk + 1 {
      var kept: [Chunk] = Array(chunks[...Swift.min(mark.chunk, chunks.count - 1)])
      for chunk in chunks[(mark.chunk + 1)...] {
        if chunk.capacity > Self.chunkSize {
          chunk.base.deallocate()
        } else {
          kept.append(chunk)
        }
      }
      chunks = kept
    }
    enter(chunk: mark.chunk, offset: mark.offset)
  }

  /// Gives every chunk back, for the thread's end.
  mutating func deallocateAll() {
    for chunk in chunks { chunk.base.deallocate() }
    chunks = []
    enter(chunk: 0, offset: 0)
  }
}

/// Explicitly not `Sendable`: an arena is its thread's.
@available(*, unavailable)
extension FrameArena: Sendable {}

/// Explicitly not `Sendable`: a chunk is its arena's.
@available(*, unavailable)
extension FrameArena.Chunk: Sendable {}

/// A place in an arena: two numbers, which mean something only to the
/// arena's thread.
extension FrameArena.Mark: Sendable {}

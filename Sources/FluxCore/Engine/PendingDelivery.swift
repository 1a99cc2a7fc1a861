/// Work a subject has accepted but not yet carried out, because another call
/// was delivering when it arrived.
@usableFromInline
enum PendingDelivery<Element: Sendable>: Sendable {
  /// An event to deliver to every active subscriber.
  case event(Element)
  /// A subscription to activate, and the value to replay to it first, if any.
  case subscription(Subscriber<Element>, slot: Int32, id: UInt64, replaying: Element?)
}

/// A first-in, first-out queue of pending work that the delivering thread
/// takes a whole batch at a time.
///
/// Two buffers take turns: the delivering thread takes the filled one and
/// hands back the one it emptied, so a busy subject stops allocating once
/// both have grown to its usual batch size.
@usableFromInline
struct PendingQueue<Element: Sendable>: Sendable {
  @usableFromInline var items: ContiguousArray<PendingDelivery<Element>> = []
  @usableFromInline var spare: ContiguousArray<PendingDelivery<Element>> = []

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ item: PendingDelivery<Element>) {
    items.append(item)
  }

  /// Keeps `buffer`'s capacity for later if it has more than the spare's.
  ///
  /// `buffer` must be empty: the caller empties it outside the lock, because
  /// destroying values may run user code.
  @inlinable
  mutating func recycle(_ buffer: inout ContiguousArray<PendingDelivery<Element>>) {
    if buffer.capacity > spare.capacity {
      swap(&buffer, &spare)
    }
  }

  /// Moves every item into `batch`, which must be empty, leaving the queue
  /// empty and ready to fill the spare buffer's capacity.
  @inlinable
  mutating func takeAll(into batch: inout ContiguousArray<PendingDelivery<Element>>) {
    swap(&batch, &items)
    swap(&items, &spare)
  }
}

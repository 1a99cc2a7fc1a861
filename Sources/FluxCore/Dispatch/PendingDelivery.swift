/// Work a subject has accepted but not yet carried out, because another call
/// was delivering when it arrived.
@usableFromInline
enum PendingDelivery<Element: Sendable>: Sendable {
  /// An event to deliver to every active subscriber.
  case event(Element)
  /// A subscription to activate, and the value to replay to it first, if any.
  case subscription(Subscriber<Element>, slot: Int32, id: UInt64, replaying: Element?)
}

/// A first-in, first-out queue of pending work that keeps its capacity, so a
/// busy subject stops allocating once the queue has grown to its usual depth.
@usableFromInline
struct PendingQueue<Element: Sendable>: Sendable {
  @usableFromInline var items: ContiguousArray<PendingDelivery<Element>?> = []
  @usableFromInline var head = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == items.count }

  @inlinable
  mutating func append(_ item: PendingDelivery<Element>) {
    items.append(item)
  }

  /// Moves the oldest item out; the caller releases it outside the lock.
  @inlinable
  mutating func removeFirst() -> PendingDelivery<Element> {
    let item = items[head].take()!
    head += 1
    if head == items.count {
      // Every slot is `nil` now, so this releases nothing.
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}

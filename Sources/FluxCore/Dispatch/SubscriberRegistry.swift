/// The subscriptions of one subject: slots in an array, linked in subscription
/// order, with O(1) reservation, activation and removal.
///
/// A subscription first *reserves* a slot, which gives its token a stable
/// `(slot, id)` pair. It is *activated* (linked into the delivery order) when
/// the subject gets to it: at once when the subject is idle, or after the
/// events already queued. Removing it frees the slot for reuse; the unique
/// `id` tells a stale token from the slot's next tenant.
///
/// Lives inside the subject's lock; every method must be called with it held.
@usableFromInline
struct SubscriberRegistry<Element: Sendable>: Sendable {
  private struct Slot: Sendable {
    /// The subscriber while active; `nil` while reserved or free.
    var subscriber: Subscriber<Element>?
    /// The tenant's identifier, or 0 while the slot is free.
    var id: UInt64
    /// Neighbours in the active list, or (`next` only) in the free list.
    var previous: Int32
    var next: Int32
  }

  private static var none: Int32 { -1 }

  private var slots: ContiguousArray<Slot> = []
  private var firstActive = none
  private var lastActive = none
  private var firstFree = none
  private var nextID: UInt64 = 1
  /// Every id below this was reserved before the last snapshot was built.
  private var snapshotFence: UInt64 = 1

  /// The number of active subscriptions.
  private(set) var activeCount = 0
  /// The number of reserved or active subscriptions: those whose tokens have
  /// not been disposed.
  private(set) var liveCount = 0

  /// Reserves a slot for a new subscription.
  mutating func reserve() -> (slot: Int32, id: UInt64) {
    let id = nextID
    nextID += 1
    liveCount += 1
    let slot: Int32
    if firstFree != Self.none {
      slot = firstFree
      firstFree = slots[Int(slot)].next
      slots[Int(slot)] = Slot(subscriber: nil, id: id, previous: Self.none, next: Self.none)
    } else {
      precondition(slots.count < Int(Int32.max), "Too many subscriptions to one subject")
      slot = Int32(slots.count)
      slots.append(Slot(subscriber: nil, id: id, previous: Self.none, next: Self.none))
    }
    return (slot, id)
  }

  /// Links a reserved subscription at the end of the delivery order.
  ///
  /// - Returns: `false` if the reservation was removed (disposed) meanwhile.
  mutating func activate(slot: Int32, id: UInt64, subscriber: Subscriber<Element>) -> Bool {
    guard slots[Int(slot)].id == id else { return false }
    slots[Int(slot)].subscriber = subscriber
    slots[Int(slot)].previous = lastActive
    if lastActive != Self.none {
      slots[Int(lastActive)].next = slot
    } else {
      firstActive = slot
    }
    lastActive = slot
    activeCount += 1
    return true
  }

  /// Removes a reserved or active subscription.
  ///
  /// - Returns: `nil` if the token is stale (already removed); otherwise the
  ///   subscriber if it was active (to be released by the caller, outside the
  ///   lock) and whether a snapshot built earlier may still hold it.
  mutating func remove(slot: Int32, id: UInt64) -> (
    subscriber: Subscriber<Element>?, mayBeInSnapshot: Bool
  )? {
    guard slot >= 0, Int(slot) < slots.count, slots[Int(slot)].id == id else { return nil }
    let removed = slots[Int(slot)]
    if removed.subscriber != nil {
      if removed.previous != Self.none {
        slots[Int(removed.previous)].next = removed.next
      } else {
        firstActive = removed.next
      }
      if removed.next != Self.none {
        slots[Int(removed.next)].previous = removed.previous
      } else {
        lastActive = removed.previous
      }
      activeCount -= 1
    }
    liveCount -= 1
    slots[Int(slot)] = Slot(subscriber: nil, id: 0, previous: Self.none, next: firstFree)
    firstFree = slot
    return (removed.subscriber, removed.subscriber != nil && id < snapshotFence)
  }

  /// Builds the delivery snapshot of the active subscribers, in order, or
  /// returns `nil` when there are none.
  mutating func makeSnapshot() -> SubscriberSnapshot<Element>? {
    snapshotFence = nextID
    guard activeCount > 0 else { return nil }
    return SubscriberSnapshot.make(count: activeCount) { append in
      var slot = firstActive
      while slot != Self.none {
        append(slots[Int(slot)].subscriber!)
        slot = slots[Int(slot)].next
      }
    }
  }
}

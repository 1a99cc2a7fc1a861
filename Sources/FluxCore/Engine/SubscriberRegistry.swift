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
/// Not generic, so that disposing needs no generic metadata.
@usableFromInline
struct SubscriberRegistry: Sendable {
  @usableFromInline
  struct Slot: Sendable {
    /// The subscriber while active; `nil` while reserved or free.
    @usableFromInline var subscriber: AnySubscriber?
    /// The tenant's identifier, or 0 while the slot is free.
    @usableFromInline var id: UInt64
    /// Neighbours in the active list, or (`next` only) in the free list.
    @usableFromInline var previous: Int32
    @usableFromInline var next: Int32

    @inlinable
    init(subscriber: AnySubscriber?, id: UInt64, previous: Int32, next: Int32) {
      self.subscriber = subscriber
      self.id = id
      self.previous = previous
      self.next = next
    }
  }

  @inlinable static var none: Int32 { -1 }

  @usableFromInline var slots: ContiguousArray<Slot> = []
  @usableFromInline var firstActive = none
  @usableFromInline var lastActive = none
  @usableFromInline var firstFree = none
  @usableFromInline var nextID: UInt64 = 1
  /// Every id below this was reserved before the last snapshot was built.
  @usableFromInline var snapshotFence: UInt64 = 1

  /// The number of active subscriptions.
  @usableFromInline var activeCount = 0
  /// The number of reserved or active subscriptions: those whose tokens have
  /// not been disposed.
  @usableFromInline var liveCount = 0

  /// The name ``DispatchLog`` gives the subject, once an action to it has
  /// been logged.
  ///
  /// Kept here because this lock guards it, and on the subject rather than in
  /// a table, which would need a weak reference (and a weak reference would
  /// slow down every later retain of the subject).
  @usableFromInline var logLabel: String?

  @inlinable
  init() {}

  /// Reserves a slot for a new subscription.
  @inlinable
  mutating func reserve() -> (slot: Int32, id: UInt64) {
    let id = nextID
    nextID += 1
    liveCount += 1
    let slot: Int32
    if firstFree != Self.none {
      // A free slot's subscriber is already nil: set the other fields only.
      slot = firstFree
      firstFree = slots[Int(slot)].next
      slots[Int(slot)].id = id
      slots[Int(slot)].previous = Self.none
      slots[Int(slot)].next = Self.none
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
  @inlinable
  mutating func activate(slot: Int32, id: UInt64, subscriber: consuming AnySubscriber) -> Bool {
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
  @inlinable
  mutating func remove(slot: Int32, id: UInt64) -> (
    subscriber: AnySubscriber?, mayBeInSnapshot: Bool
  )? {
    guard slot >= 0, Int(slot) < slots.count, slots[Int(slot)].id == id else { return nil }
    // Move the subscriber out rather than copy it: no retain and release.
    let subscriber = slots[Int(slot)].subscriber.take()
    if subscriber != nil {
      let previous = slots[Int(slot)].previous
      let next = slots[Int(slot)].next
      if previous != Self.none {
        slots[Int(previous)].next = next
      } else {
        firstActive = next
      }
      if next != Self.none {
        slots[Int(next)].previous = previous
      } else {
        lastActive = previous
      }
      activeCount -= 1
    }
    liveCount -= 1
    slots[Int(slot)].id = 0
    slots[Int(slot)].previous = Self.none
    slots[Int(slot)].next = firstFree
    firstFree = slot
    return (subscriber, subscriber != nil && id < snapshotFence)
  }

  /// Removes every subscription, for the subject's deinit.
  ///
  /// - Returns: The active subscribers, to be released by the caller outside
  ///   the lock.
  @inlinable
  mutating func removeAll() -> [AnySubscriber] {
    let subscribers = slots.compactMap { $0.subscriber }
    self = SubscriberRegistry()
    return subscribers
  }

  /// Builds the delivery snapshot of the active subscribers, in order, or
  /// returns `nil` when there are none.
  @inlinable
  mutating func makeSnapshot() -> SubscriberSnapshot? {
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

/// Work a subject has accepted but not yet carried out, because another call
/// was delivering when it arrived.
@usableFromInline
enum PendingDelivery<Element: Sendable>: Sendable {
  /// An event to deliver to every active subscriber.
  case event(Element)
  /// A subscription to activate, in a box of its own so that a queued event
  /// takes no more room than its element and a tag.
  case subscription(PendingSubscription<Element>)
  /// A place in the queue that someone waits for: see ``DeliveryMarker``.
  case marker(DeliveryMarker)
  /// The gate of a subscriber whose replay has been delivered, to open in
  /// turn: see ReplayGate.swift.
  case openGate(Subscriber<Element>)
}

/// A subscription made while the subject was delivering: activated in turn,
/// after the work queued before it.
@usableFromInline
final class PendingSubscription<Element: Sendable>: Sendable {
  @usableFromInline let subscriber: Subscriber<Element>
  @usableFromInline let slot: Int32
  @usableFromInline let id: UInt64

  @inlinable
  init(_ subscriber: Subscriber<Element>, slot: Int32, id: UInt64) {
    self.subscriber = subscriber
    self.slot = slot
    self.id = id
  }
}

/// Queued work and the `dispatch` call it belongs to.
@usableFromInline
struct PendingEntry<Element: Sendable>: Sendable {
  @usableFromInline var work: PendingDelivery<Element>
  /// The thread whose `dispatch` call caused this work.
  ///
  /// The thread that queued it, or, when the delivering thread queued it
  /// from a handler, the owner of the work that handler was called for. See
  /// DispatchSubject+Delivery.swift.
  @usableFromInline var owner: UInt

  @inlinable
  init(_ work: PendingDelivery<Element>, owner: UInt) {
    self.work = work
    self.owner = owner
  }
}

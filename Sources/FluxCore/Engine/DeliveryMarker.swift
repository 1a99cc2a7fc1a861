/// A place in a subject's queue that a caller of `waitUntilDelivered` waits
/// for.
///
/// It is queued behind the work in hand like any event, so the thread that
/// delivers reaches it only once everything queued ahead of it has been
/// delivered, and then calls ``reached``, which wakes the waiter. Nobody owes
/// it (see ``PendingEntry``): a call never stays to deliver someone else's
/// marker, and a relay always empties the queue, so every marker is reached.
@usableFromInline
final class DeliveryMarker: Sendable {
  /// Wakes the waiter; called once, on the delivering thread, with no lock
  /// held.
  @usableFromInline let reached: @Sendable () -> Void

  @inlinable
  init(_ reached: @escaping @Sendable () -> Void) {
    self.reached = reached
  }
}

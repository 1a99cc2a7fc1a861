/// The bits of a subject's delivery state word.
///
/// At most one thread holds the delivery role of a subject: it alone calls
/// handlers and touches the snapshot, and work that arrives meanwhile waits in
/// the pending queue for it. The role is taken with an acquiring
/// compare-exchange and given back with a releasing one or a releasing store,
/// so consecutive holders are ordered one after the other.
@usableFromInline
enum DeliveryState: Sendable {
  /// A thread holds the delivery role.
  @inlinable static var delivering: Int { 1 }
  /// The pending queue holds work for the holder.
  ///
  /// Only set with `delivering`.
  @inlinable static var pending: Int { 2 }
  /// The subscriptions changed since the snapshot was built: the next event
  /// must rebuild it, and the holder drops it when it gives the role back, so
  /// that the handlers of removed subscribers are released at once.
  @inlinable static var stale: Int { 4 }
}

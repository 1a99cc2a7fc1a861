/// The bits of a subject's delivery state word.
///
/// At most one thread holds the delivery role of a subject: it alone calls
/// handlers and touches the snapshot, and work that arrives meanwhile waits in
/// the pending queue for it. The role is taken with an acquiring
/// compare-exchange and given back with a releasing one or a releasing store,
/// so consecutive holders are ordered one after the other.
///
/// Above the four low bits, the word holds an address in the stack of the
/// thread that holds the role (see ``role(at:)``), so that a thread can tell
/// that it is inside a delivery of the subject, at the cost of nothing but
/// the value the fast path exchanges. It is 0 while nobody holds the role,
/// and while the role waits for a relay to take it.
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
  /// The low four bits, which hold the three flags (the fourth is free);
  /// the rest of the word is the holder's identity.
  @inlinable static var flags: Int { 15 }

  /// The word of a role held by the thread whose stack holds `address`
  /// (a ``currentStackAddress()``), with no other flag.
  ///
  /// Masking the four low bits keeps the address in the same stack: no
  /// stack ends within sixteen bytes of another.
  @inlinable
  @inline(__always)
  static func role(at address: UInt) -> Int {
    Int(bitPattern: address) & ~flags | delivering
  }

  /// Whether `word` says that the calling thread holds the role.
  ///
  /// Slow: for rare paths only.
  static func isHeldByCurrentThread(_ word: Int) -> Bool {
    word & delivering != 0 && word & ~flags != 0
      && isInCurrentThreadsStack(UInt(bitPattern: word & ~flags))
  }
}

/// The bits of a subject's delivery state word.
///
/// At most one thread holds the delivery role of a subject: it alone calls
/// handlers and touches the snapshot, and work that arrives meanwhile waits in
/// the pending queue for it. The role is taken with an acquiring
/// compare-exchange and given back with a releasing one or a releasing store,
/// so consecutive holders are ordered one after the other.
///
/// Above the three flags, the word holds the identity of the thread that
/// holds the role (see ``role(of:)``), so that a thread can tell that it is
/// inside a delivery of the subject, at the cost of nothing but the value
/// the fast path exchanges. It is 0 while nobody holds the role, and while
/// the role waits for a relay to take it.
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
  /// The three flags; the rest of the word is the holder's identity.
  @inlinable static var flags: Int { 7 }

  /// The word of a role held by `thread` (a ``currentThreadID()``), with no
  /// other flag.
  ///
  /// A thread's identity is the address of its descriptor, so masking the
  /// three low bits cannot make two live threads alike: their descriptors
  /// are far more than eight bytes apart.
  @inlinable
  @inline(__always)
  static func role(of thread: UInt) -> Int {
    Int(bitPattern: thread) & ~flags | delivering
  }

  /// Whether `word` says that `thread` holds the role.
  @inlinable
  static func word(_ word: Int, isHeldBy thread: UInt) -> Bool {
    word & ~flags == Int(bitPattern: thread) & ~flags && word & delivering != 0
  }
}

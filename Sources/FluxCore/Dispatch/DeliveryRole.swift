/// The values of a subject's delivery role word.
///
/// At most one thread holds the role of a subject; it delivers, and queued
/// work waits for it. The role is taken with a compare-exchange from
/// ``idle`` and given back with one to ``idle``, so consecutive holders are
/// ordered one after the other.
@usableFromInline
enum DeliveryRole: Sendable {
  /// Nobody is delivering, and the pending queue is empty.
  @inlinable static var idle: Int { 0 }
  /// A thread is delivering; the pending queue is empty.
  @inlinable static var delivering: Int { 1 }
  /// A thread is delivering, and the pending queue holds work for it.
  @inlinable static var deliveringWithPending: Int { 2 }
  /// A disposing thread is dropping the snapshot of an idle subject. Set and
  /// cleared only while holding the subject's lock, so a thread that holds the
  /// lock never sees it; the lock-free fast path of `dispatch` sees it as busy
  /// and takes the locked path, which waits the few instructions it lasts.
  @inlinable static var cleaning: Int { 3 }
}

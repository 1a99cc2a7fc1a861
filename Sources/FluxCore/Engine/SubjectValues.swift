/// The element-typed state of a subject, guarded by the subject's lock beside
/// its (untyped) registry: work waiting for delivery, and a ``Variable``'s
/// latest value.
@usableFromInline
struct SubjectValues<Element: Sendable>: Sendable {
  @usableFromInline var pending = PendingQueue<Element>()
  /// The value a replaying subscription starts with: the latest one published
  /// by a ``Variable``.
  ///
  /// Always `nil` for a plain subject.
  @usableFromInline var latest: Element?
  /// How many values have been published, so that ``Variable/update(_:)`` can
  /// tell whether another write came between its read and its write.
  @usableFromInline var writes = 0

  @inlinable
  init(latest: Element?) {
    self.latest = latest
  }
}

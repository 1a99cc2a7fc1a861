/// What a subject's lock protects.
@usableFromInline
struct SubjectState<Element: Sendable>: Sendable {
  var registry = SubscriberRegistry<Element>()
  var pending = PendingQueue<Element>()
  /// The value a replaying subscription starts with: the latest one published
  /// by a ``Variable``. Always `nil` for a plain subject.
  var latest: Element?
  /// How many values have been published, so that ``Variable/update(_:)`` can
  /// tell whether another write came between its read and its write.
  var writes = 0

  init(latest: Element?) {
    self.latest = latest
  }
}

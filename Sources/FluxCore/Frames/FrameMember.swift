/// A main-actor view's end of a frame: a hop that takes what a thread's
/// frame kept for it when the frame is committed (``MainHop``, its one
/// subclass).
///
/// A class, not a protocol: a frame holds its members as unmanaged
/// references and calls them through the class's table, with no reference
/// counting, where an existential would retain around every call.
@usableFromInline
class FrameMember: @unchecked Sendable {
  // Safe: it has no stored properties; its one subclass, MainHop, is a
  // final class whose stored properties are all Sendable (lets of Sendable
  // types, a lock, atomics).

  @usableFromInline
  init() {}

  /// Takes this member's values among `kept` (moving them out), making them
  /// ready for the main actor; whether the member must now be listed for a
  /// turn (it was not, and has something ready), which it notes as done.
  @usableFromInline
  func commit(_ kept: UnsafeBufferPointer<KeptEntry>) -> Bool {
    preconditionFailure("FrameMember is abstract")
  }

  /// The same for a frame that kept one value, numbered `number`, at
  /// `value`.
  @usableFromInline
  func commit(number: Int, value: UnsafeMutableRawPointer) -> Bool {
    preconditionFailure("FrameMember is abstract")
  }

  /// Makes the value this member got while its view subscribed ready, once
  /// the last action it waited for has ended; whether the member must now
  /// be listed (see ``commit(_:)``).
  @usableFromInline
  func finishLate() -> Bool {
    preconditionFailure("FrameMember is abstract")
  }

  /// Releases what ``commit(_:)`` and ``finishLate()`` replaced or refused:
  /// called after the locks, since a value's `deinit` may run user code.
  @usableFromInline
  func releaseDropped() {
    preconditionFailure("FrameMember is abstract")
  }

  /// Whether a turn delivers to this member once, in its last pass
  /// (latest-value hops), rather than in every pass as its values come.
  @usableFromInline
  var deliversOncePerTurn: Bool {
    preconditionFailure("FrameMember is abstract")
  }

  /// Takes what is ready, for ``deliverTaken()``, and notes that the
  /// member is no longer listed.
  ///
  /// Called with the outbox's lock held, on the main actor: a turn takes
  /// from every member before it delivers to any, so that it shows one set
  /// of finished actions.
  @usableFromInline
  func takeReady() {
    preconditionFailure("FrameMember is abstract")
  }

  /// Delivers what ``takeReady()`` took.
  @MainActor
  @usableFromInline
  func deliverTaken() {
    preconditionFailure("FrameMember is abstract")
  }
}

/// What the subject's registry knows of a subscription: its state word
/// (open, disposed, or gated while its replay runs on another thread).
///
/// Not generic, so that disposing (which reaches the subject through an `any
/// Disposable` and so runs unspecialized code) needs no generic metadata;
/// ``Subscriber`` adds the typed handler.
@usableFromInline
class SubscriberBase: @unchecked Sendable {
  // Safe: the only stored property is touched only through AtomicWord's
  // atomic operations once `init` returns. @unchecked because it is a `var`
  // (they write it), and because a class that is subclassed cannot be
  // checked Sendable; the one subclass adds a `let` of a Sendable type.

  /// The storage of ``state``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline
  final var atomicWord = SubscriberState.open

  /// Open, disposed or gated: see ``SubscriberState``.
  @inlinable
  final var state: AtomicWord { AtomicWord(inStoredPropertiesOf: self) }

  @inlinable
  init() {}

  /// Marks the subscription disposed, so that an event already being
  /// delivered, or held at its gate, skips it.
  @inlinable
  final func markDisposed() {
    state.store(SubscriberState.disposed, ordering: .relaxed)
  }
}

/// The values of a subscriber's state word.
@usableFromInline
enum SubscriberState: Sendable {
  /// Delivered to directly.
  @inlinable static var open: Int { 0 }
  /// Disposed: delivered nothing more.
  ///
  /// Stored over `gated` too.
  @inlinable static var disposed: Int { 1 }
  /// Its replayed value is being delivered by the thread that subscribed,
  /// while another thread delivers the subject: events wait at the gate
  /// (see ReplayGate.swift) and that thread delivers them after the replay.
  @inlinable static var gated: Int { 2 }
}

/// One live subscription to a ``DispatchSubject``: its handler, and (from
/// ``SubscriberBase``) its state.
///
/// The subject's registry holds it while the subscription is live; the
/// delivery snapshot may hold it a little longer. The user's token
/// (``Subscription``) does not hold it, so disposing a subscription releases
/// the handler and everything it captured, even if the token is kept.
@usableFromInline
final class Subscriber<Element: Sendable>: SubscriberBase, @unchecked Sendable {
  // Safe: see SubscriberBase; this adds a `let` of a Sendable type.

  @usableFromInline
  let handler: @Sendable (Element) -> Void

  @inlinable
  init(_ handler: @escaping @Sendable (Element) -> Void) {
    self.handler = handler
  }

  /// Calls the handler unless the subscription has been disposed, or holds
  /// the event at the gate while its replay runs.
  ///
  /// Acquiring, so that a call after the gate opens comes after the calls
  /// that the subscribing thread made behind it (see ReplayGate.swift).
  @inlinable
  @inline(__always)
  func receive(_ element: Element) {
    // One test on the hot path; disposed and gated are both handled out of
    // line.
    if state.load(ordering: .acquiring) == SubscriberState.open {
      handler(element)
    } else {
      // A function, not a method: `self` in the context register here would
      // cost every handler call a register shuffle.
      receiveUnlessOpen(element, by: self)
    }
  }
}

/// What the subject's registry knows of a subscription: whether it has been
/// disposed.
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

  /// The storage of ``isDisposed``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline
  final var atomicWord = 0

  /// Set when the subscription is disposed, so that an event already being
  /// delivered skips it.
  @inlinable
  final var isDisposed: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self)) }

  @inlinable
  init() {}
}

/// One live subscription to a ``DispatchSubject``: its handler, and (from
/// ``SubscriberBase``) whether it has been disposed.
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

  /// Calls the handler unless the subscription has been disposed.
  @inlinable
  @inline(__always)
  func receive(_ element: Element) {
    if !isDisposed.load(ordering: .relaxed) {
      handler(element)
    }
  }
}

import Synchronization

/// One live subscription to a ``DispatchSubject``: its handler and whether it
/// has been disposed.
///
/// The subject's registry holds it while the subscription is live; the
/// delivery snapshot may hold it a little longer. The user's token
/// (``Subscription``) does not hold it, so disposing a subscription releases
/// the handler and everything it captured, even if the token is kept.
@usableFromInline
final class Subscriber<Element: Sendable>: Sendable {
  @usableFromInline
  let handler: @Sendable (Element) -> Void

  /// Set when the subscription is disposed, so that an event already being
  /// delivered skips it.
  @usableFromInline
  let isDisposed = Atomic<Bool>(false)

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

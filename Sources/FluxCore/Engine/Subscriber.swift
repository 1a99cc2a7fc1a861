/// A subscriber of any element type, as the subject's registry and its
/// snapshots hold it: always a ``Subscriber``, whose first stored property
/// is its state word, so that disposing (which reaches the subject through
/// an `any Disposable`, and so runs unspecialized code) needs no generic
/// metadata.
@usableFromInline
typealias AnySubscriber = any AnyObject & Sendable

/// The state word of `subscriber` (a ``Subscriber``): open, disposed or
/// gated.
@inlinable
@inline(__always)
func stateWord(of subscriber: AnySubscriber) -> AtomicWord {
  AtomicWord(inStoredPropertiesOf: subscriber)
}

/// Marks `subscriber` disposed, so that an event already being delivered,
/// or held at its gate, skips it.
@inlinable
func markDisposed(_ subscriber: AnySubscriber) {
  stateWord(of: subscriber).store(SubscriberState.disposed, ordering: .relaxed)
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

/// One live subscription to a ``DispatchSubject``: its state (open,
/// disposed, or gated while its replay runs) and its handler.
///
/// The subject's registry holds it while the subscription is live; the
/// delivery snapshot may hold it a little longer. The user's token
/// (``Subscription``) does not hold it, so disposing a subscription releases
/// the handler and everything it captured, even if the token is kept.
@usableFromInline
final class Subscriber<Element: Sendable>: Sendable {
  /// The storage of ``state``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``, and ``stateWord(of:)``,
  /// which reaches it without knowing `Element`).
  @usableFromInline
  let atomicWord = AtomicStorage(SubscriberState.open)

  /// Open, disposed or gated: see ``SubscriberState``.
  @inlinable
  var state: AtomicWord { AtomicWord(inStoredPropertiesOf: self) }

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
  /// that the subscribing thread made behind it (see ReplayGate.swift). A
  /// relaxed load would be equivalent, and no execution needs the acquire:
  /// only the thread that holds the delivery role calls `receive`, and only
  /// it opens a gate, so a call that reads `open` is made by the thread that
  /// opened the gate (program order) or by a later holder of the role, and
  /// every hand-over of the role already orders what came before it (the
  /// releasing give-back and acquiring take of the `delivery` word, or the
  /// subject's lock and `DispatchQueue.async` for a relay). The replay's
  /// call, made before "open the gate" is queued under the subject's lock,
  /// is ordered before the holder takes that work from the queue. So the
  /// acquire pairs with the gate's releasing exchange only on paths that the
  /// role has ordered already; this is why neither the suite nor
  /// ThreadSanitizer sees a difference when it is made relaxed. It is kept
  /// as the ordering the gate states on its own, not needed by the engine
  /// as it hands the role over today (on x86-64 both loads are the same
  /// instruction).
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

/// A type-erased, dispatch-only observer.
///
/// This is what an action creator sees of a dispatcher's subject through
/// ``AnyObserverDispatcher``: it can ``dispatch(_:)`` and nothing else.
///
/// ```swift
/// let loading: AnyObserver<Bool> = subject.asObserver()
/// loading.dispatch(true)
/// ```
///
/// An `AnyObserver` made from a ``DispatchSubject`` holds it strongly, so
/// dispatching keeps working (and reaches whoever is still subscribed) even
/// after the dispatcher that owned the subject is gone.
public struct AnyObserver<Element: Sendable>: ObserverType {
  // One of the two is set: a subject, or a closure. Plain optional fields
  // rather than an enum, so that an observer made and used on the spot (as
  // `dispatcher.items.dispatch(x)` does) compiles to a call on the subject.
  @usableFromInline
  let subject: DispatchSubject<Element>?
  @usableFromInline
  let handler: (@Sendable (Element) -> Void)?
  /// Whether what is sent to `subject` goes through ``DispatchLog`` (for an
  /// observer handed out by a dispatcher view), and by which dispatcher's.
  ///
  /// 0 for an observer that is not logged, 1 for one logged with no
  /// dispatcher known, otherwise the bits of the `ObjectIdentifier` of the
  /// dispatcher whose view handed it out (what a log scoped to that
  /// dispatcher knows the action by). One word, so that the observer is no
  /// larger than before it carried the dispatcher.
  @usableFromInline
  let logging: UInt

  @inlinable
  init(subject: DispatchSubject<Element>) {
    self.subject = subject
    handler = nil
    logging = 0
  }

  @inlinable
  init(loggedSubject subject: DispatchSubject<Element>, of dispatcher: ObjectIdentifier? = nil) {
    self.subject = subject
    handler = nil
    logging = dispatcher.map { UInt(bitPattern: $0) } ?? 1
  }

  /// Creates an observer that calls `dispatch` with every value sent to it.
  ///
  /// - Parameter dispatch: Called on the dispatching thread.
  public init(_ dispatch: @escaping @Sendable (Element) -> Void) {
    subject = nil
    handler = dispatch
    logging = 0
  }

  /// Creates an observer that forwards every value to `observer`.
  ///
  /// - Parameter observer: The destination.
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    self = observer.asObserver()
  }

  /// Sends `element` to the underlying observer.
  ///
  /// - Parameter element: The value to send.
  @inlinable
  @inline(__always)
  public func dispatch(_ element: Element) {
    // Through the stored properties, without binding copies: no retains.
    if subject != nil {
      // Decided now, not when the observer was made: see DispatchLog.
      if logging != 0 && _slowPath(dispatchLogIsActive.load(ordering: .relaxed)) {
        DispatchLog.dispatch(
          element, loggedTo: subject.unsafelyUnwrapped, by: logging == 1 ? nil : logging)
      } else {
        subject.unsafelyUnwrapped.dispatch(element)
      }
    } else {
      handler.unsafelyUnwrapped(element)
    }
  }

  /// Returns `self`: an `AnyObserver` is already type-erased.
  @inlinable
  public func asObserver() -> AnyObserver<Element> {
    self
  }
}

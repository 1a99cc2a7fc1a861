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
  @usableFromInline
  enum Target: Sendable {
    case subject(DispatchSubject<Element>)
    case handler(@Sendable (Element) -> Void)
  }

  @usableFromInline
  let target: Target

  @inlinable
  init(target: Target) {
    self.target = target
  }

  /// Creates an observer that calls `dispatch` with every value sent to it.
  ///
  /// - Parameter dispatch: Called on the dispatching thread.
  public init(_ dispatch: @escaping @Sendable (Element) -> Void) {
    target = .handler(dispatch)
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
  public func dispatch(_ element: Element) {
    switch target {
    case .subject(let subject): subject.dispatch(element)
    case .handler(let handler): handler(element)
    }
  }

  /// Returns `self`: an `AnyObserver` is already type-erased.
  @inlinable
  public func asObserver() -> AnyObserver<Element> {
    self
  }
}

/// A destination that values can be dispatched to.
///
/// Action creators hold observers, never observables: they can send but not
/// listen. ``DispatchSubject`` is an observer; ``AnyObserver`` erases its type.
public protocol ObserverType<Element>: Sendable {
  /// The type of the values this observer accepts.
  associatedtype Element: Sendable

  /// Sends `element` to this observer.
  ///
  /// - Parameter element: The value to send.
  func dispatch(_ element: Element)

  /// Returns this observer as a type-erased, dispatch-only ``AnyObserver``.
  func asObserver() -> AnyObserver<Element>
}

extension ObserverType {
  /// Returns this observer wrapped in a type-erased, dispatch-only
  /// ``AnyObserver``.
  public func asObserver() -> AnyObserver<Element> {
    AnyObserver { element in dispatch(element) }
  }
}

/// The send-only view of a dispatcher, for action creators.
///
/// Each subject of the dispatcher appears as a property of the same name that
/// is an ``AnyObserver``: it can dispatch and cannot subscribe.
///
/// ```swift
/// final class SearchActionCreator: Sendable {
///   private let dispatcher: AnyObserverDispatcher<SearchDispatcher>
///
///   init(dispatcher: AnyObserverDispatcher<SearchDispatcher> = .init()) {
///     self.dispatcher = dispatcher
///   }
///
///   func clear() {
///     dispatcher.items.dispatch([])
///     // dispatcher.items.subscribe { … }
///     // error: value of type 'AnyObserver<[Item]>' has no member 'subscribe'
///   }
/// }
/// ```
@dynamicMemberLookup
public struct AnyObserverDispatcher<Dispatcher: DispatcherType>: Sendable {
  @usableFromInline
  let dispatcher: Dispatcher

  /// Creates the send-only view of `dispatcher`.
  ///
  /// - Parameter dispatcher: The dispatcher to send through; by default its
  ///   ``DispatcherType/shared`` instance.
  public init(_ dispatcher: Dispatcher = .shared) {
    self.dispatcher = dispatcher
  }

  /// The dispatch-only side of the subject at `keyPath`.
  ///
  /// - Parameter keyPath: A key path to one of the dispatcher's subjects;
  ///   written as a property name at the call site: `dispatcher.items`.
  ///
  /// What is dispatched through it while ``DispatchLog`` is observed is
  /// logged first, however long the observer is kept.
  @inlinable
  @inline(__always)
  public subscript<Element>(
    dynamicMember keyPath: KeyPath<Dispatcher, DispatchSubject<Element>>
  ) -> AnyObserver<Element> {
    let subject = dispatcher[keyPath: keyPath]
    subject.nameForTheLog(in: dispatcher)
    // Through a guaranteed reference: ObjectIdentifier(dispatcher) alone
    // retains and releases the dispatcher on every dispatch.
    let identity = Unmanaged.passUnretained(dispatcher)._withUnsafeGuaranteedRef {
      ObjectIdentifier($0)
    }
    return AnyObserver(loggedSubject: subject, of: identity)
  }
}

/// The receive-only view of a dispatcher, for stores.
///
/// Each subject of the dispatcher appears as a property of the same name that
/// is an ``Observable``: it can subscribe and cannot dispatch.
///
/// ```swift
/// final class SearchStore: Store, @unchecked Sendable {
///   let items: Property<[Item]>
///   private let _items = Variable<[Item]>([])
///
///   init(dispatcher: AnyObservableDispatcher<SearchDispatcher> = .init()) {
///     items = _items.asProperty()
///     super.init()
///     bind(dispatcher.items, to: _items)
///     // dispatcher.items.dispatch([])
///     // error: value of type 'Observable<[Item]>' has no member 'dispatch'
///   }
/// }
/// ```
@dynamicMemberLookup
public struct AnyObservableDispatcher<Dispatcher: DispatcherType>: Sendable {
  @usableFromInline
  let dispatcher: Dispatcher

  /// Creates the receive-only view of `dispatcher`.
  ///
  /// - Parameter dispatcher: The dispatcher to listen to; by default its
  ///   ``DispatcherType/shared`` instance.
  public init(_ dispatcher: Dispatcher = .shared) {
    self.dispatcher = dispatcher
  }

  /// The subscribe-only side of the subject at `keyPath`.
  ///
  /// - Parameter keyPath: A key path to one of the dispatcher's subjects;
  ///   written as a property name at the call site: `dispatcher.items`.
  @inlinable
  public subscript<Element>(
    dynamicMember keyPath: KeyPath<Dispatcher, DispatchSubject<Element>>
  ) -> Observable<Element> {
    dispatcher[keyPath: keyPath].asObservable()
  }
}

/// A source of values that handlers can subscribe to.
///
/// FluxCore's observables never complete and never fail: a stream of a
/// dispatcher lives as long as the dispatcher, and errors travel as ordinary
/// values on a subject of their own. The operators in this module (``map(_:)``,
/// ``filter(_:)``, ``take(_:)``, …) build new observables from existing ones.
///
/// ```swift
/// let subscription = store.items
///   .map(\.count)
///   .distinctUntilChanged()
///   .subscribe { count in print("\(count) items") }
/// ```
///
/// > Important: A conforming type calls each handler serially: never again
/// > while a previous call to the same handler is still running, and with each
/// > call ordered after the previous one (so the handler needs no lock of its
/// > own for state only it touches). FluxCore's own types do so, and the
/// > operators preserve it.
public protocol ObservableType<Element>: Sendable {
  /// The type of the values this observable delivers.
  associatedtype Element: Sendable

  /// Calls `onNext` with every value this observable delivers from now on,
  /// until the returned disposable is disposed.
  ///
  /// - Parameter onNext: The handler. See the type's documentation for which
  ///   thread it runs on.
  /// - Returns: A disposable that ends the subscription. Keep it, or hand it to
  ///   a ``DisposeBag``: a subscription whose disposable is dropped without
  ///   being disposed stays live as long as its source does.
  func subscribe(_ onNext: @escaping @Sendable (Element) -> Void) -> any Disposable

  /// Returns this observable as a type-erased, subscribe-only ``Observable``.
  func asObservable() -> Observable<Element>

  /// Whether this observable delivers state or events, as the mode a hop to
  /// the main actor or to a queue uses when none is given.
  ///
  /// ``DeliveryMode/latestValue`` for state (``Variable``, ``Property``, and
  /// what operators derive from them), where only the newest value is worth
  /// drawing; ``DeliveryMode/everyValue`` for events (``DispatchSubject``,
  /// and the default for other types), where each one counts. Operators keep
  /// their source's; `combineLatest` and `merge` deliver state only when
  /// every source does.
  var preferredDeliveryMode: DeliveryMode { get }
}

extension ObservableType {
  /// Returns this observable wrapped in a type-erased, subscribe-only
  /// ``Observable``.
  public func asObservable() -> Observable<Element> {
    derived(reading: currentStateReader) { onNext in subscribe(onNext) }
  }

  /// Events: every value counts.
  @inlinable
  public var preferredDeliveryMode: DeliveryMode { .everyValue }

  /// An observable made from this one, which delivers what this one does:
  /// state if this is state, events if events.
  @inlinable
  func derived<Output: Sendable>(
    _ subscribe: @escaping @Sendable (@escaping @Sendable (Output) -> Void) -> any Disposable
  ) -> Observable<Output> {
    Observable(preferredDeliveryMode: preferredDeliveryMode, subscribe)
  }
}

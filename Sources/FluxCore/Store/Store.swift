/// The base class of a store: it receives from a dispatcher and holds state.
///
/// A store subscribes to its dispatcher's streams through an
/// ``AnyObservableDispatcher``, keeps its state in private ``Variable``s, and
/// shows it as read-only ``Property``s. The `bind` methods connect a stream to
/// a variable or subject for as long as the store lives: the subscriptions go
/// into ``disposeBag`` and capture only their target, never the store, so a
/// store that nobody holds is freed and its bindings stop.
///
/// ```swift
/// final class SearchStore: Store, @unchecked Sendable {
///   let items: Property<[Item]>
///   let isLoading: Property<Bool>
///   private let _items = Variable<[Item]>([])
///   private let _isLoading = Variable(false)
///
///   init(dispatcher: AnyObservableDispatcher<SearchDispatcher> = .init()) {
///     items = _items.asProperty()
///     isLoading = _isLoading.asProperty()
///     super.init()
///     bind(dispatcher.items, to: _items)
///     bind(dispatcher.loading, to: _isLoading)
///   }
/// }
/// ```
///
/// Swift 6 asks every subclass to restate `@unchecked Sendable`. That is sound
/// when, as above, the subclass's stored properties are `let`s of Sendable
/// types (variables, properties, subjects, observables): then nothing in the
/// store can change unsynchronized. The compiler does not check it, though:
/// for a store it checks, write a `final` class that holds a
/// ``StoreBindings`` instead, which binds the same way.
///
/// > Important: Bound handlers run on the thread that delivers the source's
/// > event. A store's variables each deliver in the order they were written;
/// > see ``Variable``.
///
/// ### Consistency across stores
///
/// A subject calls its subscribers one after another, in the order they
/// subscribed, and starts its next event only when all have returned. A
/// store updates its variables inside those calls, and a variable holds its
/// new value as soon as its setter has stored it (its observers get the
/// change before the setter returns, or right after if another thread is
/// delivering that variable). So a view that observes the store created
/// last, or a store derived from the others, reads every store created
/// before it already updated by the same event: create stores before
/// the views that combine them, and let such a view observe the last one. A
/// view of an earlier store that reads a later one sees it one event behind.
open class Store: @unchecked Sendable {
  // @unchecked because a non-final class cannot be checked Sendable. Safe: the
  // only stored property is a `let` of a Sendable type; subclasses take on the
  // rule stated in the documentation above.

  /// The bindings, which the `bind` methods forward to.
  @usableFromInline let bindings: StoreBindings

  /// The bag that holds the store's bindings; they end when the store is freed.
  ///
  /// Subclasses can put their own subscriptions here too.
  public var disposeBag: DisposeBag {
    bindings.disposeBag
  }

  /// The number of subscriptions the store holds in ``disposeBag``: its
  /// bindings and whatever subclasses added, for tests and diagnostics.
  ///
  /// A subscription stays counted until the bag is disposed, even if it
  /// ended by itself (a `take(1)` that fired); the sources' own
  /// `subscriptionCount` tells what is still live.
  public var subscriptionCount: Int {
    bindings.subscriptionCount
  }

  /// Creates a store with no bindings.
  public init() {
    bindings = StoreBindings()
  }

  /// Sets `variable` to every value of `source`.
  ///
  /// - Parameters:
  ///   - source: The stream, typically a stream of an ``AnyObservableDispatcher``.
  ///   - variable: The state to keep up to date.
  @inlinable
  public func bind<Source: ObservableType>(
    _ source: Source, to variable: Variable<Source.Element>
  ) {
    bindings.bind(source, to: variable)
  }

  /// Dispatches every value of `source` to `subject`.
  ///
  /// - Parameters:
  ///   - source: The stream to forward.
  ///   - subject: The subject to forward it to.
  @inlinable
  public func bind<Source: ObservableType>(
    _ source: Source, to subject: DispatchSubject<Source.Element>
  ) {
    bindings.bind(source, to: subject)
  }

  /// Folds every value of `source` into `variable` with `reduce`.
  ///
  /// Each value updates the variable atomically (see ``Variable/update(_:)``),
  /// so `reduce` may run more than once for one value when other writes race
  /// with it; keep it free of side effects.
  ///
  /// ```swift
  /// bind(dispatcher.page, to: _items) { items, page in
  ///   page.number == 1 ? page.items : items + page.items
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - source: The stream of changes.
  ///   - variable: The state to fold them into.
  ///   - reduce: Returns the new state from the current state and a value.
  @inlinable
  public func bind<Source: ObservableType, Value>(
    _ source: Source,
    to variable: Variable<Value>,
    reduce: @escaping @Sendable (Value, Source.Element) -> Value
  ) {
    bindings.bind(source, to: variable, reduce: reduce)
  }
}

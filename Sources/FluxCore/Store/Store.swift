#if compiler(>=6.1)
// `nonisolated` (SE-0449, Swift 6.1): in a module whose default isolation is
// the main actor (a new Xcode 26 app target), a subclass inherits this
// isolation instead of taking the main actor, so that its initializers match
// `init()` and a store is still made and bound on any thread. Without it,
// every subclass there fails with "main actor-isolated initializer 'init()'
// has different actor isolation from nonisolated overridden declaration"
// (Tests/XcodeProjects). The two declarations differ only in that word.

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
/// `Store` is `nonisolated`, and a subclass inherits that, also in a target
/// whose default isolation is the main actor (a new Xcode 26 app): the
/// subclass above compiles unchanged there, and its stores are made, bound
/// and read on any thread, whatever the target's settings. (What an
/// extension of the subclass declares takes the target's default isolation,
/// as in any extension.)
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
nonisolated open class Store: @unchecked Sendable {
  // @unchecked because a non-final class cannot be checked Sendable. Safe: the
  // only stored property is a `let` of a Sendable type; subclasses take on the
  // rule stated in the documentation above.

  /// The bindings, which the `bind` methods forward to.
  @usableFromInline let bindings: StoreBindings

  /// Creates a store with no bindings.
  public init() {
    bindings = StoreBindings()
  }
}
#else
/// The base class of a store (Swift 6.0, which has no default isolation and
/// so no need for `nonisolated`): see the declaration above.
open class Store: @unchecked Sendable {
  // @unchecked because a non-final class cannot be checked Sendable. Safe: the
  // only stored property is a `let` of a Sendable type; subclasses take on the
  // rule stated in the documentation above.

  /// The bindings, which the `bind` methods forward to.
  @usableFromInline let bindings: StoreBindings

  /// Creates a store with no bindings.
  public init() {
    bindings = StoreBindings()
  }
}
#endif

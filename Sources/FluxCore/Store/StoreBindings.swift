/// The bindings of a store written without inheritance: a `final` class that
/// holds a `StoreBindings` is `Sendable` with the compiler's check, not
/// `@unchecked`.
///
/// ```swift
/// final class GreetingStore: Sendable {
///   let greeting: Property<String>
///   private let _greeting = Variable("")
///   private let bindings = StoreBindings()
///
///   init(dispatcher: AnyObservableDispatcher<GreetingDispatcher> = .init()) {
///     greeting = _greeting.asProperty()
///     bindings.bind(dispatcher.greet, to: _greeting)
///   }
/// }
/// ```
///
/// It binds exactly as ``Store`` does (``Store`` keeps its bindings in one),
/// with the same subscriptions at the same cost: the bindings capture only
/// their targets, never the store, and end when the store, and so its
/// `StoreBindings`, is freed. What the two ways of writing a store cost:
///
/// - A ``Store`` subclass reads like the Flux-with-RxSwift stores it comes
///   from, but it must restate `@unchecked Sendable`, so the compiler no
///   longer checks the subclass: a `var` added later compiles, and can race.
/// - A `final` class that holds a `StoreBindings` is checked: a `var`, or a
///   stored property of a type that is not Sendable, is a compile error. It
///   cannot be subclassed, and each binding reads `bindings.bind(…)`.
public final class StoreBindings: Sendable {
  /// The bag that holds the bindings; they end when this object is freed.
  ///
  /// A store can put its own subscriptions here too.
  public let disposeBag: DisposeBag

  /// The number of subscriptions held in ``disposeBag``, for tests and
  /// diagnostics.
  ///
  /// A subscription stays counted until the bag is disposed, even if it
  /// ended by itself (a `take(1)` that fired); the sources' own
  /// `subscriptionCount` tells what is still live.
  public var subscriptionCount: Int {
    disposeBag.count
  }

  /// Creates an object with no bindings.
  public init() {
    disposeBag = DisposeBag()
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
    source.subscribe { value in variable.value = value }.disposed(by: disposeBag)
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
    source.subscribe { value in subject.dispatch(value) }.disposed(by: disposeBag)
  }

  /// Folds every value of `source` into `variable` with `reduce`.
  ///
  /// Each value updates the variable atomically (see ``Variable/update(_:)``),
  /// so `reduce` may run more than once for one value when other writes race
  /// with it; keep it free of side effects.
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
    source.subscribe { element in
      variable.update { value in value = reduce(value, element) }
    }.disposed(by: disposeBag)
  }
}

/// A read-only view of a ``Variable``: what a store shows its views.
///
/// A property can be read and observed, never written, so only the store that
/// owns the variable changes the state.
///
/// ```swift
/// final class CounterStore: Store, @unchecked Sendable {
///   let count: Property<Int>
///   private let _count = Variable(0)
///
///   override init() {
///     count = _count.asProperty()
///     super.init()
///   }
/// }
///
/// store.count.subscribe { label.text = "\($0)" }.disposed(by: disposeBag)
/// ```
///
/// > Important: Subscribing delivers the current value first, then every later
/// > change in order; ``changed`` delivers the later changes only. The
/// > threading contract is that of ``Variable``.
public final class Property<Value: Sendable>: ObservableType {
  /// The variable shown, for a property made from one; `nil` for a derived
  /// property.
  @usableFromInline let variable: Variable<Value>?
  /// How a derived property reads and follows its sources; `nil` for a
  /// property made from a variable.
  @usableFromInline let derivation: PropertyDerivation<Value>?

  /// Creates a read-only view of `variable`, which the property keeps alive.
  ///
  /// - Parameter variable: The variable to expose.
  public init(_ variable: Variable<Value>) {
    self.variable = variable
    derivation = nil
  }

  /// Creates a derived property; see Property+Derived.swift.
  init(_ derivation: PropertyDerivation<Value>) {
    variable = nil
    self.derivation = derivation
  }

  /// The current value.
  ///
  /// For a derived property, computed now from its sources' current values,
  /// so it is never older than theirs.
  @inlinable
  public var value: Value {
    if let variable { return variable.value }
    return derivation.unsafelyUnwrapped.read()
  }

  /// The later values only, without the current one.
  @inlinable
  public var changed: Observable<Value> {
    if let variable { return variable.changed }
    return derivation.unsafelyUnwrapped.changes
  }

  /// State: only the newest value is worth drawing
  /// (``DeliveryMode/latestValue``).
  @inlinable
  public var preferredDeliveryMode: DeliveryMode { .latestValue }

  /// Calls `onNext` with the current value, then with every later value,
  /// until the returned disposable is disposed.
  ///
  /// - Parameter onNext: The handler.
  /// - Returns: A disposable that ends the subscription.
  @inlinable
  public func subscribe(_ onNext: @escaping @Sendable (Value) -> Void) -> any Disposable {
    if let variable { return variable.subscribe(onNext) }
    return derivation.unsafelyUnwrapped.subscribe(onNext)
  }

  /// The number of subscriptions made through this property (to the
  /// underlying variable, for a property made from one) that have not been
  /// disposed, for tests and diagnostics.
  @inlinable
  public var subscriptionCount: Int {
    if let variable { return variable.subscriptionCount }
    return derivation.unsafelyUnwrapped.subscriptionCount
  }
}

extension Property: StateReading {
  @inlinable
  var stateReader: (@Sendable () -> Value?)? {
    { [self] in value }
  }
}

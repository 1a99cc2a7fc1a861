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
  @usableFromInline let variable: Variable<Value>
  /// For a derived property: the subscription that keeps it up to date,
  /// ended when the property is freed.
  private let derivation: (any Disposable)?

  /// Creates a read-only view of `variable`, which the property keeps alive.
  ///
  /// - Parameter variable: The variable to expose.
  public init(_ variable: Variable<Value>) {
    self.variable = variable
    derivation = nil
  }

  /// Creates a property that holds what `source` delivers, starting with
  /// `initial`; see Property+Derived.swift.
  init<Source: ObservableType>(
    initial: Value, following source: Source,
    isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) where Source.Element == Value {
    let variable = Variable(initial)
    self.variable = variable
    derivation = source.subscribe { value in
      if let isDuplicate, isDuplicate(variable.value, value) { return }
      variable.value = value
    }
  }

  deinit {
    derivation?.dispose()
  }

  /// The current value.
  @inlinable
  public var value: Value {
    variable.value
  }

  /// The later values only, without the current one.
  @inlinable
  public var changed: Observable<Value> {
    variable.changed
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
    variable.subscribe(onNext)
  }

  /// The number of subscriptions to the underlying variable that have not
  /// been disposed, for tests and diagnostics.
  @inlinable
  public var subscriptionCount: Int {
    variable.subscriptionCount
  }
}

extension Store {
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

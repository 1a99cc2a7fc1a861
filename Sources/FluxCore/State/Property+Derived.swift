// Derived state: a read-only property computed from other properties and
// kept up to date by them (a selector, in Redux terms).

extension Property {
  /// Creates a property derived from `source`: always `transform` of its
  /// current value.
  ///
  /// ```swift
  /// let itemCount = Property(derivedFrom: store.items) { $0.count }
  /// ```
  ///
  /// The value is computed when the property is created, then on the
  /// thread that changes `source`, before that change's setter returns: so
  /// whoever observes the derived property after `source` (a view created
  /// later) finds it already updated. When `Value` is `Equatable`, a result
  /// equal to the current value changes nothing and notifies nobody.
  ///
  /// > Important: The property keeps itself up to date only while it is
  /// > alive: keep it (as a `let` of a store or view model), not just a
  /// > stream made from it. Freeing it ends its subscription.
  ///
  /// - Parameters:
  ///   - source: The property to derive from.
  ///   - transform: Computes the value; keep it quick and free of side
  ///     effects.
  public convenience init<Source: Sendable>(
    derivedFrom source: Property<Source>,
    _ transform: @escaping @Sendable (Source) -> Value
  ) {
    self.init(
      initial: transform(source.value), following: source.map(transform), isDuplicate: nil)
  }

  /// Creates a property derived from `source`, ignoring results equal to
  /// the current value, as the initializer above does.
  ///
  /// - Parameters:
  ///   - source: The property to derive from.
  ///   - transform: Computes the value.
  public convenience init<Source: Sendable>(
    derivedFrom source: Property<Source>,
    _ transform: @escaping @Sendable (Source) -> Value
  ) where Value: Equatable {
    self.init(
      initial: transform(source.value), following: source.map(transform), isDuplicate: { $0 == $1 })
  }

  /// Creates a property derived from two properties: always `transform` of
  /// their current values.
  ///
  /// ```swift
  /// let header = Property(derivedFrom: store.query, store.totalCount) { query, total in
  ///   "\(total) results for \(query)"
  /// }
  /// ```
  ///
  /// It follows ``Observable/combineLatest(_:_:)``: one change of either
  /// input recomputes it once, so one action that changes both inputs
  /// recomputes it twice, the first time with only the first input changed
  /// (see there).
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - transform: Computes the value.
  public convenience init<First: Sendable, Second: Sendable>(
    derivedFrom first: Property<First>, _ second: Property<Second>,
    _ transform: @escaping @Sendable (First, Second) -> Value
  ) {
    self.init(
      initial: transform(first.value, second.value),
      following: Observable.combineLatest(first, second, transform), isDuplicate: nil)
  }

  /// Creates a property derived from two properties, ignoring results equal
  /// to the current value.
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - transform: Computes the value.
  public convenience init<First: Sendable, Second: Sendable>(
    derivedFrom first: Property<First>, _ second: Property<Second>,
    _ transform: @escaping @Sendable (First, Second) -> Value
  ) where Value: Equatable {
    self.init(
      initial: transform(first.value, second.value),
      following: Observable.combineLatest(first, second, transform), isDuplicate: { $0 == $1 })
  }
}

extension Property {
  /// Creates a property derived from three properties: always `transform` of
  /// their current values; see `init(derivedFrom:_:_:)`.
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - third: The third.
  ///   - transform: Computes the value.
  public convenience init<First: Sendable, Second: Sendable, Third: Sendable>(
    derivedFrom first: Property<First>, _ second: Property<Second>, _ third: Property<Third>,
    _ transform: @escaping @Sendable (First, Second, Third) -> Value
  ) {
    self.init(
      initial: transform(first.value, second.value, third.value),
      following: Observable.combineLatest(first, second, third, transform), isDuplicate: nil)
  }

  /// Creates a property derived from three properties, ignoring results
  /// equal to the current value.
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - third: The third.
  ///   - transform: Computes the value.
  public convenience init<First: Sendable, Second: Sendable, Third: Sendable>(
    derivedFrom first: Property<First>, _ second: Property<Second>, _ third: Property<Third>,
    _ transform: @escaping @Sendable (First, Second, Third) -> Value
  ) where Value: Equatable {
    self.init(
      initial: transform(first.value, second.value, third.value),
      following: Observable.combineLatest(first, second, third, transform),
      isDuplicate: { $0 == $1 })
  }
}

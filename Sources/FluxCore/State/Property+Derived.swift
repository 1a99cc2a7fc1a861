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
  /// The property holds no value of its own that could fall behind
  /// `source`: reading ``value`` computes `transform` of `source`'s current
  /// value, so it is never stale, even while another thread is still
  /// delivering `source`'s latest change (guarantee 9), and so does
  /// `withLatestFrom` of it. A subscriber gets `transform` of the value
  /// `source` replays, then of each change, on the thread that delivers
  /// it. When `Value` is `Equatable`, a result equal to the last one
  /// delivered to a subscriber is not delivered to it again.
  ///
  /// `transform` runs for each read and, for each subscriber, for each
  /// change: keep it quick and free of side effects. The property keeps
  /// `source` alive; it holds no subscription, so streams made from it work
  /// whether or not it is kept.
  ///
  /// - Parameters:
  ///   - source: The property to derive from.
  ///   - transform: Computes the value; keep it quick and free of side
  ///     effects.
  public convenience init<Source: Sendable>(
    derivedFrom source: Property<Source>,
    _ transform: @escaping @Sendable (Source) -> Value
  ) {
    self.init(PropertyDerivation(read: { transform(source.value) }, values: source.map(transform)))
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
      PropertyDerivation(
        read: { transform(source.value) },
        values: source.map(transform).distinctUntilChanged()))
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
      PropertyDerivation(
        read: { transform(first.value, second.value) },
        values: Observable.combineLatest(first, second, transform)))
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
      PropertyDerivation(
        read: { transform(first.value, second.value) },
        values: Observable.combineLatest(first, second, transform).distinctUntilChanged()))
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
      PropertyDerivation(
        read: { transform(first.value, second.value, third.value) },
        values: Observable.combineLatest(first, second, third, transform)))
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
      PropertyDerivation(
        read: { transform(first.value, second.value, third.value) },
        values: Observable.combineLatest(first, second, third, transform).distinctUntilChanged()))
  }
}

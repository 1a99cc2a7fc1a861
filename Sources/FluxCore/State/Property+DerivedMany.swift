// Derived state of any number of properties, with parameter packs (a
// variadic generic initializer, which runs on the package's whole floor; see
// Observable+CombineLatestMany.swift).

extension Property {
  /// Creates a property derived from four or more properties: always
  /// `transform` of their current values.
  ///
  /// ```swift
  /// let summary = Property(derivedFrom: store.name, store.email, store.plan, store.seats) {
  ///   name, email, plan, seats in "\(name) <\(email)>: \(plan) × \(seats)"
  /// }
  /// ```
  ///
  /// It behaves as the two-property form does: reading computes from the
  /// sources' current values (guarantee 9), and subscribers follow
  /// ``Observable/combineLatest(_:_:_:_:_:)``.
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - third: The third.
  ///   - fourth: The fourth.
  ///   - more: Any further properties.
  ///   - transform: Computes the value; keep it quick and free of side
  ///     effects.
  public convenience init<
    First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable, each More: Sendable
  >(
    derivedFrom first: Property<First>, _ second: Property<Second>, _ third: Property<Third>,
    _ fourth: Property<Fourth>, _ more: repeat Property<each More>,
    transform: @escaping @Sendable (First, Second, Third, Fourth, repeat each More) -> Value
  ) {
    let read = PackReader(first, second, third, fourth, repeat each more)
    self.init(
      PropertyDerivation(
        read: { read.read(transform) },
        values: Observable.combineLatest(
          first, second, third, fourth, repeat each more, transform: transform)))
  }

  /// Creates a property derived from four or more properties, ignoring
  /// results equal to the current value; see
  /// ``init(derivedFrom:_:_:_:_:transform:)``.
  ///
  /// - Parameters:
  ///   - first: The first property to derive from.
  ///   - second: The second.
  ///   - third: The third.
  ///   - fourth: The fourth.
  ///   - more: Any further properties.
  ///   - transform: Computes the value.
  public convenience init<
    First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable, each More: Sendable
  >(
    derivedFrom first: Property<First>, _ second: Property<Second>, _ third: Property<Third>,
    _ fourth: Property<Fourth>, _ more: repeat Property<each More>,
    transform: @escaping @Sendable (First, Second, Third, Fourth, repeat each More) -> Value
  ) where Value: Equatable {
    let read = PackReader(first, second, third, fourth, repeat each more)
    self.init(
      PropertyDerivation(
        read: { read.read(transform) },
        values: Observable.combineLatest(
          first, second, third, fourth, repeat each more, transform: transform
        ).distinctUntilChanged()))
  }
}

/// Properties kept together, to apply a function to their current values.
///
/// A struct holding a tuple of the pack, not a generic struct over it (a
/// variadic generic type would need macOS 14 / iOS 17).
private struct PackReader<Values: Sendable>: Sendable {
  let readAll: @Sendable () -> Values

  init<each Source: Sendable>(_ sources: repeat Property<each Source>)
  where Values == (repeat each Source) {
    let properties = (repeat each sources)
    readAll = { (repeat (each properties).value) }
  }

  func read<Result, each Source>(_ transform: (repeat each Source) -> Result) -> Result
  where Values == (repeat each Source) {
    transform(repeat each readAll())
  }
}

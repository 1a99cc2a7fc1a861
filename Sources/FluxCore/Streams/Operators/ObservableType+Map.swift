extension ObservableType {
  /// Returns an observable that delivers each value transformed by `transform`.
  ///
  /// ```swift
  /// let titles = store.items.map { items in items.map(\.title) }
  /// ```
  ///
  /// - Parameter transform: Called on the delivering thread for every value;
  ///   for a state, also each time the result is read as a state (by
  ///   ``ObservableType/withLatestFrom(_:)``, on the thread of its trigger).
  /// - Returns: An observable of the transformed values.
  @inlinable
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) -> Observable<T> {
    let reader = currentStateReader.map { read in { @Sendable in transform(read()) } }
    return derived(reading: reader) { onNext in
      subscribe { element in onNext(transform(element)) }
    }
  }

  /// Returns an observable that delivers the non-`nil` results of `transform`.
  ///
  /// ```swift
  /// let firstTitle = store.items.compactMap { $0.first?.title }
  /// ```
  ///
  /// - Parameter transform: Called on the delivering thread for every value;
  ///   values for which it returns `nil` are dropped.
  /// - Returns: An observable of the unwrapped results.
  @inlinable
  public func compactMap<T: Sendable>(
    _ transform: @escaping @Sendable (Element) -> T?
  ) -> Observable<T> {
    derived { onNext in
      subscribe { element in
        if let transformed = transform(element) {
          onNext(transformed)
        }
      }
    }
  }
}

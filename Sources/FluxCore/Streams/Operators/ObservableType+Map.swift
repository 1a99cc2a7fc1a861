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
    let reader = currentStateReader.map { read in { @Sendable in read().map(transform) } }
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
  /// Of a state, it is a state that may have no value yet: the FluxCore
  /// form of RxSwift's `ReplaySubject(bufferSize: 1)` is a `Variable<T?>`
  /// starting at `nil`, read through `compactMap { $0 }`. A subscriber gets
  /// the current value if there is one, then every later one;
  /// ``ObservableType/withLatestFrom(_:)`` of it reads the state when its
  /// trigger arrives (guarantee 9) and delivers nothing while `transform`
  /// gives `nil`, never an older value.
  ///
  /// - Parameter transform: Called on the delivering thread for every value;
  ///   values for which it returns `nil` are dropped. For a state, also each
  ///   time the result is read as a state.
  /// - Returns: An observable of the unwrapped results.
  @inlinable
  public func compactMap<T: Sendable>(
    _ transform: @escaping @Sendable (Element) -> T?
  ) -> Observable<T> {
    let reader = currentStateReader.map { read in { @Sendable in read().flatMap(transform) } }
    return derived(reading: reader) { onNext in
      subscribe { element in
        if let transformed = transform(element) {
          onNext(transformed)
        }
      }
    }
  }
}

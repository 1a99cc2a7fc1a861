extension ObservableType {
  /// Returns an observable that delivers only the values that satisfy
  /// `isIncluded`.
  ///
  /// ```swift
  /// let failures = dispatcher.results.filter { !$0.isSuccess }
  /// ```
  ///
  /// - Parameter isIncluded: Called on the delivering thread for every value.
  /// - Returns: An observable of the values for which `isIncluded` is `true`.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Observable<Element> {
    Observable { onNext in
      subscribe { element in
        if isIncluded(element) {
          onNext(element)
        }
      }
    }
  }
}

extension ObservableType where Element: Equatable {
  /// Returns an observable that drops each value equal to the one delivered
  /// just before it.
  ///
  /// The first value is always delivered. Each subscription compares against
  /// the values it has seen itself.
  ///
  /// ```swift
  /// store.isLoading.distinctUntilChanged().subscribe { showSpinner($0) }
  /// ```
  ///
  /// - Returns: An observable without consecutive duplicates.
  @inlinable
  public func distinctUntilChanged() -> Observable<Element> {
    Observable { onNext in
      let last = Lock<Element?>(nil)
      return subscribe { element in
        // Swap under the lock; compare (user code) outside it.
        let previous = last.withLock { stored in
          defer { stored = element }
          return stored
        }
        if previous != element {
          onNext(element)
        }
      }
    }
  }
}

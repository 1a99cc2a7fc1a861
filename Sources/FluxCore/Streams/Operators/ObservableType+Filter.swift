extension ObservableType {
  /// Returns an observable that delivers only the values that satisfy
  /// `isIncluded`.
  ///
  /// ```swift
  /// let failures = dispatcher.results.filter { !$0.isSuccess }
  /// ```
  ///
  /// Of a state, it is a state that has a value only while the state's
  /// value passes: ``ObservableType/withLatestFrom(_:)`` of it reads the
  /// state when its trigger arrives (guarantee 9), and delivers nothing
  /// while the value does not pass, never an older value that did.
  ///
  /// - Parameter isIncluded: Called on the delivering thread for every value;
  ///   for a state, also each time the result is read as a state.
  /// - Returns: An observable of the values for which `isIncluded` is `true`.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Observable<Element> {
    let reader = currentStateReader.map { read in
      { @Sendable in read().flatMap { isIncluded($0) ? $0 : nil } }
    }
    return derived(reading: reader) { onNext in
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
    distinctUntilChanged(by: ==)
  }
}

extension ObservableType {
  /// Returns an observable that drops each value that `isDuplicate` finds
  /// the same as the one delivered just before it.
  ///
  /// ```swift
  /// let pages = dispatcher.items.distinctUntilChanged { $0.request == $1.request }
  /// ```
  ///
  /// The first value is always delivered. As in RxSwift, each value is
  /// compared with the last value *delivered*, so a slow drift that
  /// `isDuplicate` accepts step by step is still dropped. Each subscription
  /// compares against what it delivered itself.
  ///
  /// - Parameter isDuplicate: Whether a value is the same as the last one
  ///   delivered (the first argument); called on the delivering thread.
  /// - Returns: An observable without consecutive duplicates.
  @inlinable
  public func distinctUntilChanged(
    by isDuplicate: @escaping @Sendable (Element, Element) -> Bool
  ) -> Observable<Element> {
    // Dropping repeats leaves a state's current value what it is.
    derived(reading: currentStateReader) { onNext in
      let lastDelivered = Lock<Element?>(nil)
      return subscribe { element in
        // The source delivers one value at a time: read, compare (user
        // code) outside the lock, then store what is delivered.
        if let previous = lastDelivered.withLock({ $0 }), isDuplicate(previous, element) {
          return
        }
        let replaced = lastDelivered.withLock { stored in
          defer { stored = element }
          return stored
        }
        withExtendedLifetime(replaced) {}  // released outside the lock
        onNext(element)
      }
    }
  }
}

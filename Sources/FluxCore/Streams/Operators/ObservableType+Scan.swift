extension ObservableType {
  /// Returns an observable of the running result of `accumulate`, starting
  /// from `initial`: a fold that delivers each step.
  ///
  /// ```swift
  /// let total = dispatcher.added.scan(0) { total, amount in total + amount }
  /// ```
  ///
  /// Each subscription has a result of its own, starting from `initial`,
  /// and delivers the new result for every value, on the delivering thread,
  /// one at a time. A store that holds the result folds into a variable
  /// with ``Store/bind(_:to:reduce:)`` instead.
  ///
  /// - Parameters:
  ///   - initial: The result before the first value; not delivered.
  ///   - accumulate: The next result from the last one and a value.
  /// - Returns: An observable of the results.
  @inlinable
  public func scan<Result: Sendable>(
    _ initial: Result, _ accumulate: @escaping @Sendable (Result, Element) -> Result
  ) -> Observable<Result> {
    derived { onNext in
      let result = Lock(initial)
      return subscribe { element in
        // The source delivers one value at a time: read, fold (user code)
        // outside the lock, store.
        let last = result.withLock { $0 }
        let next = accumulate(last, element)
        result.withLock { $0 = next }
        onNext(next)
      }
    }
  }
}

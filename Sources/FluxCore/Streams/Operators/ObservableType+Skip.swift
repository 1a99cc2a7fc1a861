extension ObservableType {
  /// Returns an observable that drops the first `count` values of each
  /// subscription and delivers the rest.
  ///
  /// ```swift
  /// variable.skip(1).subscribe { print("changed to", $0) }  // same as `changed`
  /// ```
  ///
  /// - Parameter count: How many values to drop. Zero or a negative count
  ///   drops nothing.
  /// - Returns: An observable of the values after the first `count`.
  @inlinable
  public func skip(_ count: Int) -> Observable<Element> {
    guard count > 0 else { return asObservable() }
    return derived { onNext in
      let remaining = AtomicCounter(count)
      return subscribe { element in
        if !remaining.takeOne() {
          onNext(element)
        }
      }
    }
  }
}

extension ObservableType {
  /// Returns an observable that delivers the first `count` values of each
  /// subscription, then ends that subscription.
  ///
  /// `take(1)` makes a subscription that fires once:
  ///
  /// ```swift
  /// store.results.take(1).subscribe { firstPage in show(firstPage) }
  /// ```
  ///
  /// After the last value is delivered the upstream subscription is disposed,
  /// so nothing stays subscribed and the handler is released, even if the
  /// returned disposable is never disposed.
  ///
  /// - Parameter count: How many values to deliver. Zero or a negative count
  ///   delivers nothing and never subscribes upstream.
  /// - Returns: An observable of at most `count` values per subscription.
  @inlinable
  public func take(_ count: Int) -> Observable<Element> {
    guard count > 0 else {
      return derived { _ in AnyDisposable {} }
    }
    return derived { onNext in
      let remaining = AtomicCounter(count)
      let upstream = DisposableSlot()
      upstream.fill(
        with: subscribe { element in
          guard remaining.takeOne() else { return }
          onNext(element)
          if remaining.isExhausted {
            upstream.dispose()
          }
        })
      return upstream
    }
  }
}

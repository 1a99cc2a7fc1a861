extension ObservableType {
  /// Returns an observable that delivers `values` first, then this
  /// observable's values.
  ///
  /// ```swift
  /// let rows = store.results.changed.map(render).startWith(placeholderRows)
  /// ```
  ///
  /// The values are delivered to each subscription when it is made, on the
  /// subscribing thread, before `subscribe` returns and before this
  /// observable is subscribed to; so they come before anything it delivers,
  /// a property's current value included.
  ///
  /// - Parameter values: What to deliver first, in order.
  /// - Returns: An observable of `values`, then this observable's values.
  @inlinable
  public func startWith(_ values: Element...) -> Observable<Element> {
    derived { onNext in
      for value in values { onNext(value) }
      return subscribe(onNext)
    }
  }
}

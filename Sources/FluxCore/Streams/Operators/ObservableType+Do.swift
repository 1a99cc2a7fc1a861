extension ObservableType {
  /// Returns an observable that calls `onNext` with each value just before
  /// delivering it: a side effect in a chain (logging, analytics, a
  /// breadcrumb), as RxSwift's `do(onNext:)`.
  ///
  /// ```swift
  /// dispatcher.search
  ///   .do(onNext: { query in analytics.log("search", query) })
  ///   .subscribe { query in api.search(query) }
  /// ```
  ///
  /// `onNext` runs once per value for each subscription, on the delivering
  /// thread, before that subscription's handler; reading a state through
  /// `do` (``ObservableType/withLatestFrom(_:)``) does not call it. The
  /// result keeps the source's delivery mode and, for a state, its reading
  /// (guarantee 9).
  ///
  /// - Parameter onNext: Called on the delivering thread with every value.
  /// - Returns: An observable of the same values.
  @inlinable
  public func `do`(onNext: @escaping @Sendable (Element) -> Void) -> Observable<Element> {
    derived(reading: currentStateReader) { deliver in
      subscribe { value in
        onNext(value)
        deliver(value)
      }
    }
  }
}

extension Observable {
  /// Returns an observable of every value of every source, in one order.
  ///
  /// ```swift
  /// let problems = Observable.merge(network.errors, storage.errors)
  /// problems.subscribe { showBanner(for: $0) }.disposed(by: disposeBag)
  /// ```
  ///
  /// The sources may deliver on several threads at once; their values are
  /// put in one order and delivered one call at a time, each exactly once,
  /// and each source's values in the order it delivered them: the operator
  /// keeps every guarantee of ``DispatchSubject``. Disposing the subscription
  /// ends every upstream subscription.
  ///
  /// - Parameter sources: The streams to merge.
  /// - Returns: An observable of all their values.
  @inlinable
  public static func merge(_ sources: any ObservableType<Element>...) -> Observable<Element> {
    merge(sources)
  }

  /// Returns an observable of every value of every source in `sources`, as
  /// the variadic form does.
  ///
  /// - Parameter sources: The streams to merge.
  /// - Returns: An observable of all their values.
  @inlinable
  public static func merge(_ sources: [any ObservableType<Element>]) -> Observable<Element> {
    let mode = DeliveryMode.ofAll(sources.map(\.preferredDeliveryMode))
    return Observable(preferredDeliveryMode: mode) { onNext in
      // One subject orders the values and calls the handler one at a time.
      let inbox = DispatchSubject<Element>()
      let output = inbox.subscribe(onNext)
      let upstream = sources.map { $0.subscribe(inbox.dispatch) }
      return AnyDisposable {
        for subscription in upstream { subscription.dispose() }
        output.dispose()
      }
    }
  }
}

extension ObservableType {
  /// Returns an observable that, for each value of this one, delivers the
  /// latest value of `other` (read state when an action arrives).
  ///
  /// ```swift
  /// // RxSwift: cellDidSelect.map { _ in () }.withLatestFrom(currentOptions)
  /// let chosen = cellDidSelect.map { _ in () }.withLatestFrom(currentOptions)
  /// ```
  ///
  /// When `other` is a state (a ``Variable``, a ``Property``, a derived
  /// property, or `map`, `compactMap`, `filter`, `distinctUntilChanged`,
  /// `do` or `combineLatest` of states), each value of this observable reads
  /// `other`'s current value at that moment, as ``Property/value`` does:
  /// never a copy that another thread has not delivered yet, and never
  /// nothing (guarantee 9), except that a `compactMap` or `filter` of a state
  /// has no value while its transform gives `nil` or its value does not
  /// pass, and then nothing is delivered. So
  /// folding actions into the state they read is safe while its writes go
  /// through one subject, whoever else reads or subscribes to the state:
  ///
  /// ```swift
  /// bind(dispatcher.addUsers.withLatestFrom(_users) { $1 + $0 }, to: _users)
  /// ```
  ///
  /// When `other` is an event stream (a ``DispatchSubject``, or a stream
  /// made from one), its latest value is the last one it delivered: nothing
  /// is delivered until it has delivered a value.
  ///
  /// A value of `other` alone delivers nothing. Values are delivered on the
  /// thread that delivers this observable's, one at a time, in its order;
  /// disposing the subscription ends the upstream subscriptions.
  ///
  /// - Parameter other: The stream whose latest value to deliver.
  /// - Returns: An observable of `other`'s latest values, one per value of
  ///   this observable.
  @inlinable
  public func withLatestFrom<Other: ObservableType>(_ other: Other) -> Observable<Other.Element> {
    withLatestFrom(other) { _, latest in latest }
  }

  /// Returns an observable that, for each value of this one, delivers
  /// `combine` of it and the latest value of `other`; see
  /// ``withLatestFrom(_:)``.
  ///
  /// ```swift
  /// let query = submitTapped.withLatestFrom(store.text) { _, text in text }
  /// ```
  ///
  /// - Parameters:
  ///   - other: The stream whose latest value to combine.
  ///   - combine: Makes the value to deliver; called on the delivering
  ///     thread.
  /// - Returns: An observable of the combined values.
  @inlinable
  public func withLatestFrom<Other: ObservableType, Result: Sendable>(
    _ other: Other, _ combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Observable<Result> {
    if let read = other.currentStateReader {
      // A state: read it now, for each value (a `compactMap` or `filter`
      // of one may have no value now).
      return derived { onNext in
        subscribe { value in
          if let current = read() { onNext(combine(value, current)) }
        }
      }
    }
    return derived { onNext in
      let latest = Lock<Other.Element?>(nil)
      // Subscribed first, so that a property's current value is in hand
      // before this observable delivers anything.
      let others = other.subscribe { value in
        let replaced = latest.withLock { latest in
          defer { latest = value }
          return latest
        }
        withExtendedLifetime(replaced) {}  // released outside the lock
      }
      let upstream = subscribe { value in
        guard let current = latest.withLock({ $0 }) else { return }
        onNext(combine(value, current))
      }
      return AnyDisposable {
        upstream.dispose()
        others.dispose()
      }
    }
  }
}

extension Observable {
  /// Returns an observable of the latest values of `first` and `second`:
  /// once both have delivered, every value of either delivers the pair.
  ///
  /// ```swift
  /// let header = Observable.combineLatest(store.query, store.totalCount)
  ///   .map { query, total in "\(total) results for \(query)" }
  /// ```
  ///
  /// The inputs' values are put in one order (they may come from several
  /// threads at once), and each one delivers exactly one pair, in that
  /// order, one call at a time: the operator keeps every guarantee of
  /// ``DispatchSubject``. Disposing the subscription ends both upstream
  /// subscriptions. The pairs are state when both inputs are (see
  /// ``ObservableType/preferredDeliveryMode``), events otherwise.
  ///
  /// > Important: One action that changes both inputs delivers two pairs:
  /// > first with the input updated first (in the order the stores subscribed
  /// > to the dispatcher) and the other one's old value, then with both new
  /// > values. A view that draws the latest value per turn, with
  /// > ``ObservableType/observeOnMainActor(receiving:_:)`` in
  /// > ``DeliveryMode/latestValue`` mode or ``ObservedProperty``, only ever
  /// > draws the second. To see one pair per action instead, derive both
  /// > values in one store from the same stream.
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second input.
  /// - Returns: An observable of `(first, second)` pairs.
  @inlinable
  public static func combineLatest<First: ObservableType, Second: ObservableType>(
    _ first: First, _ second: Second
  ) -> Observable<(First.Element, Second.Element)>
  where Element == (First.Element, Second.Element) {
    let mode = DeliveryMode.ofAll(first.preferredDeliveryMode, second.preferredDeliveryMode)
    // Of states, the pair of their current values is the current value.
    var reader: (@Sendable () -> (First.Element, Second.Element)?)?
    if let readFirst = first.currentStateReader, let readSecond = second.currentStateReader {
      reader = {
        guard let first = readFirst(), let second = readSecond() else { return nil }
        return (first, second)
      }
    }
    return Observable(preferredDeliveryMode: mode, stateReader: reader) { onNext in
      // Both inputs go through one subject, which orders them and calls
      // the handler below one value at a time.
      let inbox = DispatchSubject<CombineLatestInput<First.Element, Second.Element>>()
      let latest = Lock<(First.Element?, Second.Element?)>((nil, nil))
      let upstream = CombineLatestUpstream {
        [
          first.subscribe { inbox.dispatch(.first($0)) },
          second.subscribe { inbox.dispatch(.second($0)) },
        ]
      }
      let output = inbox.subscribe { input in
        let pair = latest.withLock { latest -> (First.Element, Second.Element)? in
          switch input {
          case .start: return nil
          case .first(let value): latest.0 = value
          case .second(let value): latest.1 = value
          }
          guard let first = latest.0, let second = latest.1 else { return nil }
          return (first, second)
        }
        if let pair { onNext(pair) }
        if case .start = input { upstream.start() }
      }
      inbox.dispatch(.start)
      return AnyDisposable {
        upstream.end()
        output.dispose()
      }
    }
  }

  /// Returns an observable of `transform` applied to the latest values of
  /// `first` and `second`; see ``combineLatest(_:_:)``.
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second input.
  ///   - transform: Makes a value from the latest pair.
  /// - Returns: An observable of the transformed pairs.
  @inlinable
  public static func combineLatest<First: ObservableType, Second: ObservableType>(
    _ first: First, _ second: Second,
    _ transform: @escaping @Sendable (First.Element, Second.Element) -> Element
  ) -> Observable<Element> {
    Observable<(First.Element, Second.Element)>.combineLatest(first, second).map(transform)
  }

  /// Returns an observable of the latest values of three inputs; see
  /// ``combineLatest(_:_:)``, on which it is built.
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second input.
  ///   - third: The third input.
  /// - Returns: An observable of `(first, second, third)` triples.
  @inlinable
  public static func combineLatest<
    First: ObservableType, Second: ObservableType, Third: ObservableType
  >(
    _ first: First, _ second: Second, _ third: Third
  ) -> Observable<(First.Element, Second.Element, Third.Element)>
  where Element == (First.Element, Second.Element, Third.Element) {
    Observable<((First.Element, Second.Element), Third.Element)>
      .combineLatest(
        Observable<(First.Element, Second.Element)>.combineLatest(first, second), third
      )
      .map { pair, third in (pair.0, pair.1, third) }
  }

  /// Returns an observable of `transform` applied to the latest values of
  /// three inputs; see ``combineLatest(_:_:)``.
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second input.
  ///   - third: The third input.
  ///   - transform: Makes a value from the latest triple.
  /// - Returns: An observable of the transformed triples.
  @inlinable
  public static func combineLatest<
    First: ObservableType, Second: ObservableType, Third: ObservableType
  >(
    _ first: First, _ second: Second, _ third: Third,
    _ transform: @escaping @Sendable (First.Element, Second.Element, Third.Element) -> Element
  ) -> Observable<Element> {
    Observable<(First.Element, Second.Element, Third.Element)>
      .combineLatest(first, second, third).map(transform)
  }
}

/// What reaches a `combineLatest` subscription's inbox: the signal to
/// subscribe to the inputs, then their values.
@usableFromInline
enum CombineLatestInput<First: Sendable, Second: Sendable>: Sendable {
  case start
  case first(First)
  case second(Second)
}

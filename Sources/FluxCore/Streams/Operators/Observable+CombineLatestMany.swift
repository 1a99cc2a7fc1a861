// `combineLatest` of any number of inputs, with parameter packs.
//
// Variadic generic *functions*, as here, run on the package's whole floor
// (macOS 13, iOS 16: the compiler links the pack runtime support they need
// into the app); variadic generic *types* would need macOS 14 / iOS 17, so
// none is declared. `scripts/check-apple-floor` checks this.

extension Observable {
  /// Returns an observable of the latest values of four or more inputs:
  /// once each has delivered, every value of any delivers the tuple of all.
  ///
  /// ```swift
  /// let form = Observable.combineLatest(store.name, store.email, store.password, store.agreed)
  ///   .map { name, email, password, agreed in !name.isEmpty && agreed }
  /// ```
  ///
  /// It behaves as ``combineLatest(_:_:)`` does, for any number of inputs:
  /// their values are put in one order and each delivers one tuple, one call
  /// at a time; the tuples are state when every input is, and read fresh
  /// (guarantee 9).
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second.
  ///   - third: The third.
  ///   - fourth: The fourth.
  ///   - more: Any further inputs.
  /// - Returns: An observable of the tuples of their latest values.
  public static func combineLatest<
    First: ObservableType, Second: ObservableType, Third: ObservableType, Fourth: ObservableType,
    each More: ObservableType
  >(
    _ first: First, _ second: Second, _ third: Third, _ fourth: Fourth,
    _ more: repeat each More
  ) -> Observable<
    (First.Element, Second.Element, Third.Element, Fourth.Element, repeat (each More).Element)
  >
  where
    Element == (
      First.Element, Second.Element, Third.Element, Fourth.Element, repeat (each More).Element
    )
  {
    combineLatestOfAll(erased(first, second, third, fourth, repeat each more)).map { values in
      (
        cast(values[0]), cast(values[1]), cast(values[2]), cast(values[3]),
        repeat each tuple(of: Array(values.dropFirst(4)), as: repeat (each More).Element.self)
      )
    }
  }

  /// Returns an observable of `transform` applied to the latest values of
  /// four or more inputs; see ``combineLatest(_:_:_:_:_:)``.
  ///
  /// ```swift
  /// let canSend = Observable.combineLatest(name, email, password, agreed) {
  ///   !$0.isEmpty && $1.contains("@") && $2.count >= 8 && $3
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - first: The first input.
  ///   - second: The second.
  ///   - third: The third.
  ///   - fourth: The fourth.
  ///   - more: Any further inputs.
  ///   - transform: Makes a value from the latest values.
  /// - Returns: An observable of the transformed values.
  public static func combineLatest<
    First: ObservableType, Second: ObservableType, Third: ObservableType, Fourth: ObservableType,
    each More: ObservableType
  >(
    _ first: First, _ second: Second, _ third: Third, _ fourth: Fourth,
    _ more: repeat each More,
    transform:
      @escaping @Sendable (
        First.Element, Second.Element, Third.Element, Fourth.Element, repeat (each More).Element
      ) -> Element
  ) -> Observable<Element> {
    combineLatestOfAll(erased(first, second, third, fourth, repeat each more)).map { values in
      transform(
        cast(values[0]), cast(values[1]), cast(values[2]), cast(values[3]),
        repeat each tuple(of: Array(values.dropFirst(4)), as: repeat (each More).Element.self))
    }
  }
}

/// `sources`, each as an observable of `any Sendable`, in order.
private func erased<each Source: ObservableType>(
  _ sources: repeat each Source
) -> [Observable<any Sendable>] {
  var inputs: [Observable<any Sendable>] = []
  for source in repeat each sources {
    inputs.append(source.map { $0 as any Sendable })
  }
  return inputs
}

/// The tuple of `values`, in order, each cast back to its type: the values
/// of the inputs that `erased` made, in their order.
private func tuple<each Value>(
  of values: [any Sendable], as types: repeat (each Value).Type
) -> (repeat each Value) {
  var index = 0
  func next<Next>(_: Next.Type) -> Next {
    defer { index += 1 }
    return cast(values[index])
  }
  return (repeat next(each types))
}

/// `value`, an input's value, as its input's element type.
private func cast<Value>(_ value: any Sendable) -> Value {
  // swift-format-ignore: NeverForceUnwrap
  value as! Value  // each input delivers values of its own element type
}

/// The latest values of `inputs`, in their order, once each has delivered:
/// what the parameter-pack forms of `combineLatest` build their tuples from.
///
/// As the two-input form: one inbox subject orders the inputs' values and
/// delivers them one at a time; the inputs are subscribed from inside its
/// first delivery, so the first tuple of states is there before `subscribe`
/// returns.
func combineLatestOfAll(_ inputs: [Observable<any Sendable>]) -> Observable<[any Sendable]> {
  let mode = DeliveryMode.ofAll(inputs.map(\.preferredDeliveryMode))
  // Of states, the values they read now, if each has one.
  var reader: (@Sendable () -> [any Sendable]?)?
  let readers = inputs.compactMap(\.currentStateReader)
  if readers.count == inputs.count {
    reader = {
      var values: [any Sendable] = []
      for read in readers {
        guard let value = read() else { return nil }
        values.append(value)
      }
      return values
    }
  }
  return Observable(preferredDeliveryMode: mode, stateReader: reader) { onNext in
    let inbox = DispatchSubject<CombineLatestManyInput>()
    let latest = Lock([(any Sendable)?](repeating: nil, count: inputs.count))
    let upstream = CombineLatestUpstream {
      inputs.enumerated().map { index, input in
        input.subscribe { inbox.dispatch(.value(index, $0)) }
      }
    }
    let output = inbox.subscribe { input in
      let all = latest.withLock { latest -> [any Sendable]? in
        guard case .value(let index, let value) = input else { return nil }
        latest[index] = value
        let values = latest.compactMap { $0 }
        return values.count == latest.count ? values : nil
      }
      if let all { onNext(all) }
      if case .start = input { upstream.start() }
    }
    inbox.dispatch(.start)
    return AnyDisposable {
      upstream.end()
      output.dispose()
    }
  }
}

/// What reaches the inbox of a `combineLatest` of many inputs: the signal
/// to subscribe to them, then their values, with the input's index.
enum CombineLatestManyInput: Sendable {
  case start
  case value(Int, any Sendable)
}

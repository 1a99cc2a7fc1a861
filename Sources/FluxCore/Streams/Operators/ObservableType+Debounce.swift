extension ObservableType {
  /// Returns an observable that delivers a value only once `interval` has
  /// passed on `clock` without a newer one: the last value of each burst.
  ///
  /// ```swift
  /// let queries = dispatcher.queryTyped.debounce(for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Each value restarts the wait, measured from when it arrives. The value
  /// is delivered when the wait ends, on the thread of the task that waited;
  /// values are delivered one at a time, in order, and never after the
  /// subscription is disposed (which cancels the wait). A subscription keeps
  /// at most one waiting task, however many values arrive. Pass
  /// `FluxCoreTesting`'s `TestClock` to test it without real waiting.
  ///
  /// - Parameters:
  ///   - interval: How long the stream must stay quiet; one longer than
  ///     100 years waits 100 years (a longer sleep would trap
  ///     or never be freed).
  ///   - clock: The clock that measures it.
  /// - Returns: An observable of the last value of each burst.
  public func debounce<C: Clock>(
    for interval: Duration, clock: C
  ) -> Observable<Element> where C.Duration == Duration {
    let interval = interval.clampedToLongestWait
    return derived { onNext in
      let stream = TimedStream<Element, C>(clock: clock)
      // Touched only by the transition, which runs one event at a time.
      let state = Lock<(pending: Element?, deadline: C.Instant?, isWaiting: Bool)>(
        (nil, nil, false))
      return stream.start(self, onNext: onNext) { event in
        state.withLock { state in
          switch event {
          case .value(let value, let arrival):
            state.pending = value
            state.deadline = arrival.advanced(by: interval)
            if state.isWaiting { return .init() }  // the timer will see the new deadline
            state.isWaiting = true
            return .init(sleepUntil: state.deadline)
          case .fire(let woke):
            guard let deadline = state.deadline, woke < deadline else {
              defer { state = (nil, nil, false) }
              return .init(deliver: state.pending)
            }
            return .init(sleepUntil: deadline)  // a newer value moved it
          }
        }
      }
    }
  }

  /// Returns an observable of the real-time form of
  /// ``debounce(for:clock:)``: the wait is measured on a `ContinuousClock`.
  ///
  /// - Parameter interval: How long the stream must stay quiet.
  /// - Returns: An observable of the last value of each burst.
  public func debounce(for interval: Duration) -> Observable<Element> {
    debounce(for: interval, clock: ContinuousClock())
  }
}

extension ObservableType {
  /// Returns an observable that delivers at most one value per `interval`
  /// on `clock`: the first value at once, then, if `latest`, the latest
  /// value that arrived during the interval when it ends.
  ///
  /// ```swift
  /// let scrolls = dispatcher.scrolled.throttle(for: .milliseconds(100), clock: clock)
  /// ```
  ///
  /// As RxSwift's `throttle(_:latest:scheduler:)`: a value that arrives
  /// when no interval is running is delivered at once and starts one. With
  /// `latest`, the last value that arrives during an interval is held, and
  /// delivered when the interval ends, which starts the next; without it,
  /// values that arrive during an interval are dropped. A timer waits only
  /// while a value is held. A value delivered at once
  /// is delivered on the thread that delivers the source's; one delivered
  /// when an interval ends, on the thread of the task that waited. Values
  /// are delivered one at a time, in order, and never after the
  /// subscription is disposed (which cancels the wait).
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two delivered values; one
  ///     longer than 100 years counts as 100 years (a longer sleep would trap
  ///     or never be freed).
  ///   - clock: The clock that measures it.
  ///   - latest: Whether to deliver the latest value held when an interval
  ///     ends (`true`, the default), or to drop it.
  /// - Returns: An observable of at most one value per interval.
  public func throttle<C: Clock>(
    for interval: Duration, clock: C, latest: Bool = true
  ) -> Observable<Element> where C.Duration == Duration {
    let interval = interval.clampedToLongestWait
    return derived { onNext in
      let stream = TimedStream<Element, C>(clock: clock)
      // Touched only by the transition, which runs one event at a time.
      let state = Lock<(windowEnd: C.Instant?, held: Element?, isWaiting: Bool)>((nil, nil, false))
      return stream.start(self, onNext: onNext) { event in
        state.withLock { state in
          switch event {
          case .value(let value, let arrival):
            if !state.isWaiting, state.windowEnd.map({ arrival >= $0 }) ?? true {
              state.windowEnd = arrival.advanced(by: interval)
              return .init(deliver: value)  // no timer: the interval ends by itself
            }
            guard latest else { return .init() }
            state.held = value
            if state.isWaiting { return .init() }
            state.isWaiting = true
            return .init(sleepUntil: state.windowEnd)
          case .fire(let ended):
            state.isWaiting = false
            guard let held = state.held else { return .init() }
            state.held = nil
            state.windowEnd = ended.advanced(by: interval)
            return .init(deliver: held)
          }
        }
      }
    }
  }

  /// Returns an observable of the real-time form of
  /// ``throttle(for:clock:latest:)``: intervals are measured on a
  /// `ContinuousClock`.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two delivered values.
  ///   - latest: Whether to deliver the latest value held when an interval
  ///     ends.
  /// - Returns: An observable of at most one value per interval.
  public func throttle(for interval: Duration, latest: Bool = true) -> Observable<Element> {
    throttle(for: interval, clock: ContinuousClock(), latest: latest)
  }
}

/// The machinery of the operators that wait on a clock (`debounce`,
/// `throttle`): one subscription's state, fed through a subject of its own.
///
/// Values from upstream and the firing of the one timer are both dispatched
/// into `inbox`, so they reach the state machine one at a time and in one
/// order whichever threads they come from, and what it delivers keeps every
/// guarantee of ``DispatchSubject``. At most one timer task is alive per
/// subscription: a burst of values moves a deadline, it does not start a
/// task per value.
final class TimedStream<Element: Sendable, C: Clock>: Sendable where C.Duration == Duration {
  /// What reaches the state machine.
  enum Event: Sendable {
    /// A value from upstream and the time it arrived.
    case value(Element, C.Instant)
    /// The timer that slept until this instant woke.
    case fire(C.Instant)
  }

  /// What the state machine does about an event.
  struct Step {
    /// The value to deliver now, if any.
    var deliver: Element?
    /// The instant to start the timer for, if any.
    var sleepUntil: C.Instant?
  }

  let clock: C
  let inbox = DispatchSubject<Event>()
  /// The timer's task, kept so that disposing cancels it, and whether the
  /// subscription has been disposed (a timer started after that is
  /// cancelled at once).
  private let timer = Lock<(task: Task<Void, Never>?, isDisposed: Bool)>((nil, false))

  init(clock: C) {
    self.clock = clock
  }

  /// Subscribes to `source` and runs `transition` for every event, one at a
  /// time, delivering what it says to `onNext`.
  ///
  /// - Parameters:
  ///   - source: The stream to time.
  ///   - onNext: The subscriber's handler.
  ///   - transition: The operator's state machine; called on the thread
  ///     that delivers the event, never twice at once.
  /// - Returns: The subscription: disposing it ends the source's, the
  ///   inbox's and the timer.
  func start(
    _ source: some ObservableType<Element>,
    onNext: @escaping @Sendable (Element) -> Void,
    transition: @escaping @Sendable (Event) -> Step
  ) -> any Disposable {
    // The handler holds the stream, and the stream the inbox that holds
    // the handler: disposing the subscription breaks the cycle.
    let output = inbox.subscribe { [self] event in
      let step = transition(event)
      if let deadline = step.sleepUntil { self.sleep(until: deadline) }
      if let value = step.deliver { onNext(value) }
    }
    let upstream = source.subscribe { [inbox, clock] value in
      inbox.dispatch(.value(value, clock.now))
    }
    return AnyDisposable { [self] in
      upstream.dispose()
      output.dispose()
      let task = timer.withLock { timer in
        defer { timer = (nil, true) }
        return timer.task
      }
      task?.cancel()
    }
  }

  /// Starts the timer; the state machine starts it only when none runs.
  private func sleep(until deadline: C.Instant) {
    let task = Task { [inbox, clock] in
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return  // cancelled: the subscription was disposed
      }
      inbox.dispatch(.fire(deadline))
    }
    let isDisposed = timer.withLock { timer in
      if !timer.isDisposed { timer.task = task }
      return timer.isDisposed
    }
    if isDisposed { task.cancel() }
  }
}

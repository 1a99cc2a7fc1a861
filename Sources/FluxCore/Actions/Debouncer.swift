/// Runs an action once its input has stopped changing for an interval, as
/// measured by a clock: for typing, where only the last text of a burst
/// should start a search.
///
/// ```swift
/// @MainActor
/// final class SearchViewModel {
///   private let typing: Debouncer
///
///   init(actions: SearchActionCreator) {
///     typing = Debouncer(for: .milliseconds(300))
///   }
///
///   func queryChanged(_ query: String) {
///     typing.send { [actions] in actions.search(query: query) }
///   }
/// }
/// ```
///
/// Each ``send(_:)`` restarts the wait and replaces the action: typing
/// "json" within the interval runs one action, for "json". The wait is
/// measured on `clock`, so a test can pass a clock it controls
/// (`FluxCoreTesting`'s `TestClock`) and need no real sleeping.
///
/// > Important: Actions run on the main actor, and never after a newer
/// > `send` or a ``cancel()``.
@MainActor
public final class Debouncer {
  /// How long the input must stay unchanged.
  public let interval: Duration
  /// Makes the wait for one send: its deadline is taken when it is made.
  private let makeWait: @Sendable () -> @Sendable () async throws -> Void
  private let latest = LatestTask()

  /// Creates a debouncer that waits `interval` on `clock`.
  ///
  /// - Parameters:
  ///   - interval: How long the input must stay unchanged; one longer
  ///     than 100 years waits 100 years (a longer sleep would trap
  ///     or never be freed).
  ///   - clock: The clock that measures it.
  public init<C: Clock>(for interval: Duration, clock: C) where C.Duration == Duration {
    self.interval = interval
    let wait = interval.clampedToLongestWait
    makeWait = {
      let deadline = clock.now.advanced(by: wait)
      return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
  }

  /// Creates a debouncer that waits `interval` of real time.
  ///
  /// - Parameter interval: How long the input must stay unchanged.
  public convenience init(for interval: Duration) {
    self.init(for: interval, clock: ContinuousClock())
  }

  /// Whether an action is waiting for the interval to pass.
  public var isPending: Bool { latest.isRunning }

  /// Schedules `action` for when `interval` has passed on the clock,
  /// replacing the action scheduled before, if any.
  ///
  /// - Parameter action: Runs on the main actor, unless a newer `send` or a
  ///   ``cancel()`` comes first.
  /// - Returns: The task that waits and runs the action, for tests.
  @discardableResult
  public func send(_ action: @escaping @MainActor () -> Void) -> Task<Void, Never> {
    // Measured from now, not from when the waiting task gets to run.
    latest.run(makeWait()) { outcome in
      if case .success = outcome { action() }
    }
  }

  /// Drops the scheduled action, if any.
  public func cancel() {
    latest.cancel()
  }
}

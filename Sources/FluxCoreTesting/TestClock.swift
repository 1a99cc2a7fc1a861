import FluxCore

/// A clock whose time moves only when a test advances it, so that debounces,
/// timeouts and latencies are tested without real sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let viewModel = SearchViewModel(store: store, actions: actions, clock: clock)
///
/// viewModel.send(.queryChanged("j"))
/// viewModel.send(.queryChanged("json"))
/// await clock.advance(by: .milliseconds(300))   // the debounce is over: one search
/// ```
///
/// Work sleeping on it wakes when ``advance(by:)`` moves time past its
/// deadline, in deadline order (and in the order it went to sleep, for equal
/// deadlines). After waking each sleeper, `advance` lets other tasks run a
/// few turns, so that main-actor work that was waiting usually gets on with
/// it before the next sleeper wakes; but `sleep` returns on the shared
/// thread pool, so tasks that one advance wakes may run in another order
/// under load. A sleep that comes from another thread while an advance
/// runs is never left behind: the advance wakes it, or it comes after the
/// time has moved past its deadline and does not sleep at all. A sleeping
/// task that is cancelled throws `CancellationError` at once, as with a
/// real clock.
///
/// > Important: A task may reach its `sleep` after the test advanced the
/// > clock, and a task woken by an advance may run after the test has moved
/// > on: under load, a test's advances outrun the tasks they wake. A deadline
/// > computed before the task starts (as `Debouncer` does) is met however
/// > the threads interleave, since a deadline already past does not sleep at
/// > all; a component whose decisions follow from the clock's time rather
/// > than from when its task runs (a `PersistentState` decides what a write
/// > saves when the next change arrives) behaves the same under any load.
/// > To know that work finished after an advance, wait for what it does (a
/// > request arriving, a task's value, a write counted), not for a number
/// > of turns; ``waitForSleepers(count:timeout:)`` waits until work has
/// > started waiting.
public final class TestClock: Clock, Sendable {
  struct Sleeper: Sendable {
    let id: Int
    let deadline: Instant
    let wake: CheckedContinuation<Void, any Error>
  }

  struct State: Sendable {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
    /// Sleeps and waits for sleepers cancelled before they began.
    var cancelled: Set<Int> = []
    /// Tasks waiting for a number of sleepers.
    var watchers: [Watcher] = []

    /// Takes the watchers whose count is reached.
    mutating func satisfiedWatchers() -> [CheckedContinuation<Void, any Error>] {
      let count = sleepers.count
      let ready = watchers.filter { count >= $0.count }.map(\.resume)
      watchers.removeAll { count >= $0.count }
      return ready
    }
  }

  struct Watcher: Sendable {
    let id: Int
    let count: Int
    let resume: CheckedContinuation<Void, any Error>
  }

  private let state = Lock(State())

  /// Creates a clock at its start, with nothing sleeping.
  public init() {}

  /// The current time.
  public var now: Instant {
    locked { $0.now }
  }

  /// The smallest step: any.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on the clock.
  public var sleeperCount: Int {
    locked { $0.sleepers.count }
  }

  /// Suspends until the clock's time reaches `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled before the time
  ///   comes.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = locked { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
        let (outcome, watchers) = locked {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Void, any Error>]) in
          if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: wake))
          return (nil, state.satisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        if let outcome { wake.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = locked { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)  // cancelled before it went to sleep
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.wake.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking what sleeps until then, in
  /// order, and letting each run before the next wakes.
  ///
  /// - Parameter duration: How far to move; zero wakes what is due now.
  public func advance(by duration: Duration = .zero) async {
    let target = now.advanced(by: duration)
    while let sleeper = nextSleeper(dueBy: target) {
      sleeper.wake.resume()
      await letOtherTasksRun()
    }
    await letOtherTasksRun()
  }

  /// Removes the sleeper with the earliest deadline due by `target`, and
  /// sets the time to its deadline; when none is due, sets the time to
  /// `target` in the same step, so that a sleep that comes from another
  /// thread meanwhile is either taken here or finds its deadline past.
  func nextSleeper(dueBy target: Instant) -> Sleeper? {
    locked { state in
      guard
        let index = state.sleepers.indices.filter({ state.sleepers[$0].deadline <= target })
          .min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline })
      else {
        if state.now < target { state.now = target }
        return nil
      }
      let sleeper = state.sleepers.remove(at: index)
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      return sleeper
    }
  }

  private func letOtherTasksRun() async {
    for _ in 0..<20 { await Task.yield() }
  }

  func locked<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock(body)
  }
}

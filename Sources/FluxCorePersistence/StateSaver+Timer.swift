/// The one timer task of a ``StateSaver``, if it runs: its number (each
/// start has a new one, so that a task replaced or stopped knows it), its
/// task, and until when it sleeps.
struct TimerSlot: Sendable {
  /// A start to make: its number, and the task it replaces, to cancel.
  struct Start: Sendable {
    let number: Int
    let replaced: Task<Void, Never>?
  }

  /// The number of the timer that runs, if one does.
  private(set) var running: Int?
  private var latest = 0
  private var task: Task<Void, Never>?
  private var sleepsUntil: Duration?

  /// Claims a start of the timer for a write due at `due`: when none runs,
  /// or when the one that runs sleeps past `due` (it is replaced).
  ///
  /// - Returns: The start the caller must make, or `nil` if the timer that
  ///   runs will wake in time.
  mutating func claim(due: Duration?) -> Start? {
    if running != nil {
      guard let due, let sleepsUntil, due < sleepsUntil else { return nil }
    }
    latest += 1
    running = latest
    defer {
      task = nil
      sleepsUntil = nil
    }
    return Start(number: latest, replaced: task)
  }

  /// Keeps the task of timer `number`, if it still runs.
  mutating func keep(_ task: Task<Void, Never>, of number: Int) {
    if running == number { self.task = task }
  }

  /// Notes that timer `number` sleeps until `due`.
  mutating func sleeping(until due: Duration, _ number: Int) {
    if running == number { sleepsUntil = due }
  }

  /// Marks timer `number` as stopped, if it is the one that runs.
  mutating func stop(_ number: Int) {
    guard running == number else { return }
    running = nil
    task = nil
    sleepsUntil = nil
  }

  /// Stops the timer, and gives its task, to cancel.
  mutating func take() -> Task<Void, Never>? {
    defer {
      running = nil
      task = nil
      sleepsUntil = nil
    }
    return task
  }
}

extension StateSaver {
  /// Makes `start`: cancels the timer it replaces, and starts a task.
  func startTimer(_ start: TimerSlot.Start) {
    start.replaced?.cancel()
    let task = Task { await self.writeOnceDue(timer: start.number) }
    state.withLock { $0.timer.keep(task, of: start.number) }
  }

  /// Sleeps until a write is due (see ``SaveSchedule``), then claims it for
  /// the queue; timer `number` does, until it is stopped or replaced.
  ///
  /// A change only moves the schedule: the task, when it wakes before the
  /// write is due, sleeps again until it is. A change made after the write
  /// fell due has claimed it already (see ``StateSaver/changed(to:)``): the
  /// task, however late it wakes, finds the next write not due yet, or
  /// claims one whose value no change has replaced since it fell due.
  private func writeOnceDue(timer number: Int) async {
    while true {
      let due = state.withLock { state -> Duration? in
        guard state.timer.running == number else { return nil }
        guard !state.isClosed, state.isDirty, let due = state.schedule.due else {
          state.timer.stop(number)
          return nil
        }
        state.timer.sleeping(until: due, number)
        return due
      }
      guard let due else { return }
      do {
        try await sleep(due)
      } catch {
        state.withLock { $0.timer.stop(number) }
        return
      }
      let now = elapsed()
      let sleepsAgain = state.withLock { state -> Bool in
        guard state.timer.running == number else { return false }
        guard !state.isClosed, state.isDirty, let current = state.schedule.due else {
          state.timer.stop(number)
          return false
        }
        guard now >= current else { return true }  // a change moved it
        state.timer.stop(number)
        claimWrite(&state)
        return false
      }
      guard sleepsAgain else { return }
    }
  }
}

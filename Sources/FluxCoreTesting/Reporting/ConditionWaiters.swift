import FluxCore

/// Tasks that wait, each for a bounded time, until a condition on some
/// shared state holds; whoever changes that state calls ``stateChanged()``.
///
/// Nothing polls: a waiting task sleeps on a continuation until the state
/// changes or its time runs out. A generation count, read before the
/// condition, makes sure a change between the check and the sleep is not
/// missed.
final class ConditionWaiters: Sendable {
  private struct State: Sendable {
    var generation = 0
    var nextID = 0
    var sleeping: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Lock(State())

  init() {}

  /// Returns `true` once `condition` holds; `false` if `timeout` passes
  /// first or the task is cancelled.
  func wait(
    until condition: () -> Bool, timeout: Duration,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout.clampedToLongestWait)
    while true {
      let generation = state.withLock { $0.generation }
      if condition() { return true }
      if clock.now >= deadline || Task.isCancelled { return false }
      await sleep(afterGeneration: generation, until: deadline)
    }
  }

  /// Wakes every waiting task to check its condition again.
  func stateChanged() {
    let woken = state.withLock { state in
      state.generation += 1
      defer { state.sleeping = [:] }
      return Array(state.sleeping.values)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Sleeps until the state changes after `generation`, the deadline
  /// passes, or the task is cancelled.
  private func sleep(afterGeneration generation: Int, until deadline: ContinuousClock.Instant) async
  {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    let timer = Task { [self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      wake(id)
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let changed = state.withLock { state -> Bool in
          // Cancelled before it slept: `onCancel` found nothing to wake.
          if state.generation != generation || Task.isCancelled { return true }
          state.sleeping[id] = continuation
          return false
        }
        if changed { continuation.resume() }
      }
    } onCancel: {
      wake(id)
    }
    timer.cancel()
  }

  private func wake(_ id: Int) {
    state.withLock { $0.sleeping.removeValue(forKey: id) }?.resume()
  }
}

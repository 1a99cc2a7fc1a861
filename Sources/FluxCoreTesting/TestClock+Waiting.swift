extension TestClock {
  /// Returns once at least `count` tasks sleep on the clock: to know that
  /// work has started waiting before the test moves time.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - timeout: How long to wait, in real time, before throwing: a bound
  ///     that makes a test that would hang fail instead.
  /// - Throws: ``TestClockTimeout`` if fewer tasks sleep in time, or
  ///   `CancellationError`.
  public func waitForSleepers(count: Int, timeout: Duration = .seconds(5)) async throws {
    let id = locked { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { [self] in
        try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation {
            (resume: CheckedContinuation<Void, any Error>) in
            let outcome = locked { state -> Result<Void, any Error>? in
              if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
              if state.sleepers.count >= count { return .success(()) }
              state.watchers.append(Watcher(id: id, count: count, resume: resume))
              return nil
            }
            if let outcome { resume.resume(with: outcome) }
          }
        } onCancel: { [self] in
          let watcher = locked { state -> Watcher? in
            guard let index = state.watchers.firstIndex(where: { $0.id == id }) else {
              state.cancelled.insert(id)  // cancelled before it began to wait
              return nil
            }
            return state.watchers.remove(at: index)
          }
          watcher?.resume.resume(throwing: CancellationError())
        }
      }
      group.addTask { [self] in
        try await Task.sleep(for: timeout.clampedToLongestWait)
        let sleeping = sleeperCount
        throw TestClockTimeout(
          timeout: timeout, sleeping: sleeping,
          description:
            "waited \(timeout) for \(count) tasks to sleep on the test clock; \(sleeping) did")
      }
      defer { group.cancelAll() }
      try await group.next()
    }
  }

  /// Moves time forward until nothing sleeps on the clock any more.
  ///
  /// - Parameter timeout: How long to keep going, in real time, before
  ///   throwing: work that goes back to sleep every time it wakes (a
  ///   repeating timer) would otherwise keep it going forever.
  /// - Throws: ``TestClockTimeout`` if something still sleeps when the time
  ///   runs out, or `CancellationError`.
  public func run(timeout: Duration = .seconds(5)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout.clampedToLongestWait)
    while let next = locked({ $0.sleepers.map(\.deadline).min() }) {
      try Task.checkCancellation()
      guard clock.now < deadline else {
        throw TestClockTimeout(
          timeout: timeout, sleeping: sleeperCount,
          description: "ran the test clock for \(timeout); \(sleeperCount) tasks still sleep on it")
      }
      await advance(by: now.duration(to: next))
    }
  }
}

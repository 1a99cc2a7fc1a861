import FluxCore

extension StoreTester {
  /// Waits, at most `timeout`, until an unasserted action satisfies
  /// `isWanted`; returns its index among the unasserted actions.
  func waitForAction(
    timeout: Duration,
    where isWanted: @escaping (ReceivedAction<State>) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Int? {
    var index: Int?
    _ = await arrivals.wait(
      until: {
        index = record.withLock { $0.received.firstIndex(where: isWanted) }
        return index != nil
      }, timeout: timeout)
    return index
  }

  /// Waits, at most `timeout`, until every action sent so far has been
  /// delivered; returns the subjects still delivering then, by name, in
  /// order (none once everything was delivered).
  func waitForDeliveries(timeout: Duration) async -> [(subject: ObjectIdentifier, name: String)] {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout.clampedToLongestWait)
    // First until every action logged is in its subject's hands (its
    // `dispatch` call has returned), or a wait for delivery would not see it.
    let inHand = await arrivals.wait(
      until: { record.withLock { $0.dispatching.isEmpty } }, timeout: timeout)
    var stillDelivering = Set(record.withLock { $0.dispatching.keys })
    if inHand {
      stillDelivering = Set(
        await unfinished(
          subjects.map { subject, entry in
            (subject, { await entry.deliveries.waitUntilDelivered() })
          },
          timeout: max(.zero, deadline - clock.now)))
    }
    return stillDelivering.map { ($0, subjects[$0]?.name ?? "?") }.sorted { $0.name < $1.name }
  }

  /// The unasserted actions sent to `subjects`, as `DispatchLog` names
  /// them.
  func unasserted(sentTo subjects: [ObjectIdentifier]) -> [String] {
    pending.received.filter { subjects.contains($0.subject) }.map(\.description)
  }
}

/// Runs every one of `waits` at once, and returns, after at most `timeout`,
/// the identities of those that have not ended; those go on, on their own.
func unfinished<ID: Hashable & Sendable>(
  _ waits: [(ID, @Sendable () async -> Void)], timeout: Duration
) async -> [ID] {
  let ended = Lock(Set<ID>())
  _ = await withinTimeLimit(timeout) {
    await withTaskGroup(of: Void.self) { group in
      for (id, wait) in waits {
        group.addTask {
          await wait()
          ended.withLock { _ = $0.insert(id) }
        }
      }
    }
  }
  let done = ended.withLock { $0 }
  return waits.map(\.0).filter { !done.contains($0) }
}

import Dispatch
import FluxCore

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension RedrawTester {
  /// How many main-queue turns a check lets pass while readers are still
  /// being invalidated, before it says the screen never settles.
  static let turnLimit = 1_000

  /// Waits, at most `timeout`, until everything dispatched to the sources
  /// before the call has been delivered, then for the next main-actor
  /// turn; returns the names of the sources still delivering when the time
  /// ran out (none once everything was delivered).
  ///
  /// Once `waitUntilDelivered()` has returned, the next main-actor turn
  /// shows at least what it waited for, whichever thread delivered it
  /// (guarantee 10): the frame of the action is on the main actor when
  /// this returns.
  func waitForDeliveries(timeout: Duration) async -> [String] {
    guard !sources.isEmpty else { return [] }
    let sources = sources
    let late = await Self.unfinishedDeliveries(of: sources, within: timeout)
    return late.map { sources[$0].name }
  }

  /// The indices of `sources` whose deliveries had not finished within
  /// `timeout`; off the main actor, and back to it on its next turn.
  private nonisolated static func unfinishedDeliveries(
    of sources: [(name: String, source: any DeliveryWaiting)], within timeout: Duration
  ) async -> [Int] {
    let late = await unfinished(
      sources.enumerated().map { index, entry in
        (index, { await entry.source.waitUntilDelivered() })
      }, timeout: timeout)
    await MainActor.run {}
    return late.sorted()
  }

  /// Lets the main queue run turns until a whole turn passes in which no
  /// reader was invalidated or redrawn, and after which no redraw is
  /// pending; `false` if readers were still being invalidated after
  /// ``turnLimit`` turns.
  ///
  /// The first turn runs what the action's frame queued before the check
  /// began (the readers' redraws, a view model's own hop); each turn in
  /// which a reader was invalidated or redrawn is followed by another, so
  /// a change that lands a turn after the redraws (a view model one hop
  /// late) is counted too.
  func settle() async -> Bool {
    for _ in 0..<Self.turnLimit {
      let before = tally.progress.activity
      await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { turn.resume() }
      }
      let after = tally.progress
      if after.activity == before, after.pendingRedraws == 0 { return true }
    }
    return false
  }

  /// The failure for sources still delivering after `timeout`.
  func notDelivered(_ late: [String], within timeout: Duration, counted: Redraws) -> String {
    "the redraws were not checked: \(late.joined(separator: ", ")) did not finish delivering "
      + "within \(timeout) (the machine is too slow for this timeout, or a handler has not "
      + "returned); redrawn so far: \(counted)"
  }

  /// The failure for a screen whose readers never stop being invalidated.
  func notSettled(_ counted: Redraws) -> String {
    "the redraws were not checked: readers were still being invalidated after "
      + "\(Self.turnLimit) turns of the main queue (a reader that writes what it reads, or a "
      + "timer); redrawn: \(counted)"
  }
}

extension Redraws {
  /// The failure when `counted` does not meet this budget, or `nil` when it
  /// does.
  ///
  /// A reader is checked when the budget names it or, with exhaustivity
  /// on, when it was redrawn; it meets the budget when it was redrawn
  /// exactly as many times as the budget says (zero if not named).
  /// `readers` are the names registered, in order: the failure lists the
  /// readers in that order, and says of a name in the budget that no
  /// reader has it.
  func failure(for counted: Redraws, _ exhaustivity: Exhaustivity, readers: [String]) -> String? {
    var checked = counts.keys.map { $0 }
    if exhaustivity == .on { checked += counted.readers }
    let order = readers + Set(checked).subtracting(readers).sorted()
    let names = order.filter(Set(checked).contains)
    let over = names.filter { counted[$0] > self[$0] }
    let under = names.filter { counted[$0] < self[$0] }
    guard !over.isEmpty || !under.isEmpty else { return nil }
    func line(_ name: String) -> String {
      let known = readers.contains(name) ? "" : " (no reader has this name)"
      return "\(name): redrawn \(times(counted[name])), budget \(self[name])"
        + known
    }
    var parts: [String] = []
    if !over.isEmpty {
      parts.append("over the redraw budget: " + over.map(line).joined(separator: "; "))
    }
    if !under.isEmpty {
      parts.append("redrawn less than expected: " + under.map(line).joined(separator: "; "))
    }
    return parts.joined(separator: "\n") + "\n  redrawn: \(counted)\n  budget:  \(self)"
  }
}

/// `1` as `once`, `2` as `2 times`.
private func times(_ count: Int) -> String {
  switch count {
  case 0: "0 times"
  case 1: "once"
  default: "\(count) times"
  }
}

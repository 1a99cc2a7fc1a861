import Synchronization

/// A shared countdown that hands out exactly `count` permits, whichever threads
/// ask: the state of the counting operators (`skip`, `take`).
final class AtomicCounter: Sendable {
  private let remaining: Atomic<Int>

  init(_ count: Int) {
    remaining = Atomic(count)
  }

  /// Takes one permit; returns `false` once all have been taken.
  func takeOne() -> Bool {
    // Check first so that the count stops moving once it reaches zero.
    guard remaining.load(ordering: .relaxed) > 0 else { return false }
    return remaining.subtract(1, ordering: .relaxed).oldValue > 0
  }

  /// Whether every permit has been taken.
  var isExhausted: Bool {
    remaining.load(ordering: .relaxed) <= 0
  }
}

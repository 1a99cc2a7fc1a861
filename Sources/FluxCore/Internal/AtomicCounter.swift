import Synchronization

/// A shared countdown that hands out exactly `count` permits, whichever threads
/// ask: the state of the counting operators (`skip`, `take`).
@usableFromInline
final class AtomicCounter: Sendable {
  @usableFromInline let remaining: Atomic<Int>

  @inlinable
  init(_ count: Int) {
    remaining = Atomic(count)
  }

  /// Takes one permit; returns `false` once all have been taken.
  @inlinable
  func takeOne() -> Bool {
    // Check first so that the count stops moving once it reaches zero.
    guard remaining.load(ordering: .relaxed) > 0 else { return false }
    return remaining.subtract(1, ordering: .relaxed).oldValue > 0
  }

  /// Whether every permit has been taken.
  @inlinable
  var isExhausted: Bool {
    remaining.load(ordering: .relaxed) <= 0
  }
}

/// A shared countdown that hands out exactly `count` permits, whichever threads
/// ask: the state of the counting operators (`skip`, `take`).
@usableFromInline
final class AtomicCounter: Sendable {
  /// The storage of ``remaining``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWord: AtomicStorage<Int>

  @inlinable
  var remaining: AtomicWord { AtomicWord(inStoredPropertiesOf: self) }

  @inlinable
  init(_ count: Int) {
    atomicWord = AtomicStorage(count)
  }

  /// Takes one permit; returns `false` once all have been taken.
  @inlinable
  func takeOne() -> Bool {
    // Check first so that the count stops moving once it reaches zero.
    guard remaining.load(ordering: .relaxed) > 0 else { return false }
    return remaining.add(-1, ordering: .relaxed) > 0
  }

  /// Whether every permit has been taken.
  @inlinable
  var isExhausted: Bool {
    remaining.load(ordering: .relaxed) <= 0
  }
}

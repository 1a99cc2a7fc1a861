import CFluxCoreAtomics

/// An atomic `Int` or `Bool` for the tests' probes, usable at the package's
/// floor (the standard library's `Atomic` needs macOS 15 / iOS 18), with
/// the shape of `Atomic`'s API.
///
/// Built on the package's C11 atomics, so ThreadSanitizer sees a relaxed
/// operation as relaxed: a probe counts without ordering the threads it
/// watches, which a lock would do, hiding a missing order in the engine.
/// Orderings other than `.relaxed` are sequentially consistent, which is at
/// least as strong as each.
package final class TestAtomic<Value: TestAtomicValue>: @unchecked Sendable {
  // Safe: the word is read and written only through C11 atomic operations,
  // and the pointer itself never changes.
  private let word: UnsafeMutablePointer<Int>

  package init(_ value: Value) {
    word = .allocate(capacity: 1)
    word.initialize(to: value.word)
  }

  deinit {
    word.deallocate()
  }

  package func load(ordering: TestAtomicOrdering) -> Value {
    Value(
      word: ordering == .relaxed
        ? fluxcore_atomic_load_relaxed(word) : fluxcore_atomic_load_seq_cst(word))
  }

  package func store(_ value: Value, ordering: TestAtomicOrdering) {
    if ordering == .relaxed {
      fluxcore_atomic_store_relaxed(word, value.word)
    } else {
      fluxcore_atomic_store_seq_cst(word, value.word)
    }
  }

  /// Replaces the value and returns the old one.
  package func exchange(_ value: Value, ordering: TestAtomicOrdering) -> Value {
    Value(
      word: ordering == .relaxed
        ? fluxcore_atomic_exchange_relaxed(word, value.word)
        : fluxcore_atomic_exchange_seq_cst(word, value.word))
  }

  /// Stores `desired` if the value is `expected`.
  package func compareExchange(
    expected: Value, desired: Value, ordering: TestAtomicOrdering
  ) -> (exchanged: Bool, original: Value) {
    var original = expected.word
    let exchanged =
      ordering == .relaxed
      ? fluxcore_atomic_compare_exchange_relaxed_reporting(word, &original, desired.word)
      : fluxcore_atomic_compare_exchange_seq_cst(word, &original, desired.word)
    return (exchanged, Value(word: original))
  }
}

extension TestAtomic where Value == Int {
  /// Adds `amount`.
  @discardableResult
  package func add(_ amount: Int, ordering: TestAtomicOrdering) -> (
    oldValue: Int, newValue: Int
  ) {
    let old =
      ordering == .relaxed
      ? fluxcore_atomic_fetch_add_relaxed(word, amount)
      : fluxcore_atomic_fetch_add_seq_cst(word, amount)
    return (old, old &+ amount)
  }

  /// Subtracts `amount`.
  @discardableResult
  package func subtract(_ amount: Int, ordering: TestAtomicOrdering) -> (
    oldValue: Int, newValue: Int
  ) {
    add(-amount, ordering: ordering)
  }

  /// Stores the larger of the value and `candidate`.
  @discardableResult
  package func max(_ candidate: Int, ordering: TestAtomicOrdering) -> (
    oldValue: Int, newValue: Int
  ) {
    var current = load(ordering: ordering)
    while current < candidate {
      let (exchanged, original) = compareExchange(
        expected: current, desired: candidate, ordering: ordering)
      if exchanged { return (current, candidate) }
      current = original
    }
    return (current, current)
  }
}

/// The orderings of ``TestAtomic``'s operations: `.relaxed`, or at least as
/// strong as named.
package enum TestAtomicOrdering: Sendable {
  case relaxed
  case acquiring
  case releasing
  case acquiringAndReleasing
  case sequentiallyConsistent
}

/// A value that a ``TestAtomic`` can hold in one word.
package protocol TestAtomicValue: Sendable {
  init(word: Int)
  var word: Int { get }
}

extension Int: TestAtomicValue {
  package init(word: Int) { self = word }
  package var word: Int { self }
}

extension Bool: TestAtomicValue {
  package init(word: Int) { self = word != 0 }
  package var word: Int { self ? 1 : 0 }
}

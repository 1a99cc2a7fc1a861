import CFluxCoreAtomics

/// A hint that a main-actor view was given something since a lingering
/// turn last looked (MainActorOutbox.swift): so that the turn, spinning,
/// reads one word instead of taking locks.
///
/// Only a hint: what a turn takes, it takes under the outbox's and the
/// hops' locks, and a turn that misses a hint ends with a pass that takes
/// everything. A thread that finds the hint set leaves it, so that threads
/// feeding views while no turn lingers share the word's cache line read
/// only.
@usableFromInline
enum OutboxActivity: Sendable {
  /// Notes that a view was given something.
  @inlinable
  @inline(__always)
  static func note() {
    if word.load(ordering: .relaxed) == 0 { word.store(1, ordering: .relaxed) }
  }

  /// Whether a view was given something since the last call; clears it.
  static func take() -> Bool {
    word.load(ordering: .relaxed) != 0 && word.exchange(0, ordering: .relaxed) != 0
  }

  /// A C global, zero before any code runs (CFluxCoreAtomics).
  @inlinable
  static var word: AtomicWord { AtomicWord(fluxcore_outbox_activity_word()) }
}

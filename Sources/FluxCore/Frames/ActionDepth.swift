import CFluxCoreAtomics

// What an action is, as the engine counts it (guarantee 10): one thread's
// outermost delivery and every delivery nested in it. Every delivery, on
// every subject, notes its start and end in the thread's action word, a
// thread-local word of plain loads and stores (CFluxCoreAtomics.h), so that
// a main-actor hop can tell whether the value it receives belongs to an
// action still in progress, and so that the action's end, wherever it is,
// commits what the action gave main-actor views (ThreadFrame.swift).
//
// The word is four times the depth, plus two flags: `keptValues`, set while
// the thread's frame holds values for main-actor views; and `wroteState`,
// set while the action has written a Variable that a view made meanwhile
// may read (State/StateStamp.swift). A delivery that ends the action with a
// flag set takes the out-of-line path; any other costs an add and a
// subtract on a word no other thread touches, whatever views exist.

/// The calling thread's action word: how deep in deliveries the thread is,
/// and what its action's end must do.
@usableFromInline
enum ActionDepth: Sendable {
  /// The frame holds values for main-actor views.
  @inlinable static var keptValues: Int { 1 }
  /// The action wrote a Variable since it began.
  @inlinable static var wroteState: Int { 2 }
  /// One delivery's share of the word.
  @inlinable static var oneDelivery: Int { 4 }

  /// Notes that a delivery begins on this thread.
  @inlinable
  @inline(__always)
  static func enter() {
    fluxcore_action_enter()
  }

  /// Notes that a delivery ends on this thread, and ends the action if it
  /// was the outermost delivery and has something to commit.
  @inlinable
  @inline(__always)
  static func leave() {
    if !fluxcore_action_leave() { leftWithMoreToDo() }
  }

  /// The delivery that ended was nested in another, or ended an action
  /// whose flags are set: in the second case, ends the action. (Out of
  /// line, so that the quiet end stays one subtraction and one test.)
  @usableFromInline
  @inline(never)
  static func leftWithMoreToDo() {
    if !fluxcore_action_is_open() { ThreadFrame.endAction() }
  }

  /// Whether the calling thread's action has kept values for main-actor
  /// views or written a Variable: what its end commits.
  @inlinable
  @inline(__always)
  static var hasSomethingToCommit: Bool {
    fluxcore_action_word_get() & (keptValues | wroteState) != 0
  }

  /// Whether the calling thread's action has kept values for main-actor
  /// views.
  @inlinable
  @inline(__always)
  static var hasKeptValues: Bool {
    fluxcore_action_word_get() & keptValues != 0
  }

  /// Whether the calling thread is inside a delivery.
  @inlinable
  @inline(__always)
  static var isInsideAction: Bool {
    fluxcore_action_is_open()
  }

  /// Sets `flag` in the calling thread's word.
  @inlinable
  @inline(__always)
  static func set(_ flag: Int) {
    fluxcore_action_word_set(fluxcore_action_word_get() | flag)
  }

  /// Clears `flag` in the calling thread's word.
  @inlinable
  @inline(__always)
  static func clear(_ flag: Int) {
    fluxcore_action_word_set(fluxcore_action_word_get() & ~flag)
  }
}

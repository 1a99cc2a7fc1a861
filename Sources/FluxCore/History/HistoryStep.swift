// A step as an `UndoHistory` keeps it. The past and the future are a
// timeline of states, one a step, with the present between them: a step
// to undo keeps the state before it, and its state after it is the next
// step's state before (or the present); a step to redo keeps the state
// after it, and its state before it is the next redo's state after (or the
// present). A step keeps the state at its other end too only when that is
// not its neighbour's: a history that undoes from the present (an
// `UndoRevert` other than `.snapshot`) keeps it when a change that is not
// a step moves the present on, and when an undo or a redo leaves a present
// of its own making.

/// One step of a history's timeline.
struct HistoryStep<Value: Sendable>: Sendable {
  /// Its state in the timeline: before it (a step to undo) or after it (a
  /// step to redo).
  var state: Value
  /// The state at its other end, when it is not the neighbouring state of
  /// the timeline.
  var other: Value?
  var label: String?
  /// The actions that made it, oldest first.
  var actions: [DispatchRecord]
  /// What `state` measures.
  var stateSize: Int
  /// What `other` measures; 0 without one.
  var otherSize = 0

  /// What the step counts against the byte bound: its states, and its
  /// actions' records.
  var size: Int {
    stateSize + otherSize + actions.count * MemoryLayout<DispatchRecord>.stride
  }

  /// Keeps `state` as its other end, measured `size`.
  mutating func keep(other state: Value, size: Int) {
    other = state
    otherSize = size
  }

  /// Lets go of its other end: the neighbouring state is it again.
  mutating func dropOther() {
    other = nil
    otherSize = 0
  }
}

// What an `UndoHistory` knows, as a value with no user code in it: the
// states before the present (the past, oldest first) and after it (the
// future, the next redo last), the present as last delivered, the burst and
// group that changes may join, and the history's own write on its way. The
// history's lane is its only writer; user code (`==`, the filter, the
// labels, the sizes, the clock) runs outside its lock, and what it decided
// comes in as arguments.

/// One state a history keeps, the label of the step that leaves it (in the
/// past) or leads to it (in the future), and its measured size.
struct HistoryEntry<Value: Sendable>: Sendable {
  var value: Value
  var label: String?
  var size: Int
}

/// How a change that is not the history's own enters it.
enum StepKind: Sendable, Equatable {
  /// A new step, with this label.
  case push(label: String?)
  /// Part of the step before: the same burst or group.
  case merge
  /// Not a step: filtered out, or made while paused.
  case notAStep
}

/// An undo, a redo or a jump of the history's own, written and not yet
/// delivered back.
struct OwnWrite<Value: Sendable>: Sendable {
  let id: Int
  let target: Value
  /// How many steps to move: back (negative) or forward (positive).
  let move: Int
  /// The model's `structure` when it was planned: if the past or the future
  /// changed before it lands, it lands as a change.
  let structure: Int
  /// The label of the action that asked for it, for the step it becomes if
  /// it lands as a change.
  let label: String?
}

struct HistoryModel<Value: Sendable>: Sendable {
  var past = HistoryDeque<HistoryEntry<Value>>()
  var future = HistoryDeque<HistoryEntry<Value>>()
  var present: Value
  /// The present's size, when known (it came from an entry).
  var presentSize: Int?
  var bytes = 0
  /// When the last step was pushed or joined, and its label: a change that
  /// may join it comes within the window, with the same label.
  var burst: (at: Duration, label: String?)?
  var isPaused = false
  var group: (depth: Int, label: String?, hasStep: Bool)?
  var inFlight: OwnWrite<Value>?
  /// Commands that came while `inFlight` was on its way, in order.
  var waiting: [(command: UndoCommand, action: DispatchRecord?)] = []
  /// How many events the lane has handled.
  var handled = 0
  /// Callers of `waitUntilDelivered()`, each waiting for the events sent
  /// before it to be handled and for `inFlight` and `waiting` to be done.
  var settledWaiters: [(events: Int, waiter: CheckedContinuation<Void, Never>)] = []

  /// Whether no write of the history's own is on its way or waits.
  var isSettled: Bool { inFlight == nil && waiting.isEmpty }
  /// Changes whenever the past or the future does.
  var structure = 0
  var nextWriteID = 0
  let maxSteps: Int
  let maxBytes: Int
  /// The status last published.
  var published: UndoHistoryStatus
  #if DEBUG
  /// A test's hook (`@testable`), not in release builds.
  ///
  /// The lane runs it after it publishes an event's status and before it
  /// counts the event handled: a test sees there what a caller of
  /// `waitUntilDelivered()` would find.
  var afterPublishingStatus: (@Sendable () -> Void)?
  #endif

  init(present: Value, maxSteps: Int, maxBytes: Int) {
    self.present = present
    self.maxSteps = Swift.max(0, maxSteps)
    self.maxBytes = Swift.max(0, maxBytes)
    published = UndoHistoryStatus()
  }

  var status: UndoHistoryStatus {
    UndoHistoryStatus(
      undoCount: past.count, redoCount: future.count, undoLabel: past.last?.label,
      redoLabel: future.last?.label, byteCount: bytes, isPaused: isPaused)
  }

  /// How a change recorded at `at` (not the history's own, not equal to the
  /// present) enters the history.
  func kind(at: Duration, label: String?, isStep: Bool, window: Duration) -> StepKind {
    guard isStep, !isPaused else { return .notAStep }
    if let group { return group.hasStep ? .merge : .push(label: group.label ?? label) }
    if let burst, burst.label == label, at - burst.at < window, at >= burst.at { return .merge }
    return .push(label: label)
  }

  /// Makes `value` the present, as a change of `kind`.
  ///
  /// - Parameters:
  ///   - value: The new present.
  ///   - kind: How it enters the history.
  ///   - at: When, on the history's clock.
  ///   - presentSize: The present's size, for a push.
  mutating func record(_ value: Value, as kind: StepKind, at: Duration, presentSize: Int) {
    switch kind {
    case .push(let label):
      dropFuture()
      past.append(HistoryEntry(value: present, label: label, size: presentSize))
      bytes += presentSize
      burst = (at, label)
      if group != nil { group?.hasStep = true }
      structure += 1
      enforceBounds()
    case .merge:
      burst?.at = at
    case .notAStep:
      break
    }
    present = value
    self.presentSize = nil
  }

  /// Plans `command`: returns the write to make for an undo, a redo or a
  /// jump that moves, and does the rest at once.
  mutating func plan(_ command: UndoCommand, label: String?) -> OwnWrite<Value>? {
    switch command {
    case .undo(let steps): return planMove(-Swift.min(Swift.max(steps, 0), past.count), label)
    case .redo(let steps): return planMove(Swift.min(Swift.max(steps, 0), future.count), label)
    case .jump(let position):
      let target = Swift.min(Swift.max(position, 0), past.count + future.count)
      return planMove(target - past.count, label)
    case .clear:
      past.removeAll()
      future.removeAll()
      bytes = 0
      burst = nil
      structure += 1
    case .pause:
      isPaused = true
      burst = nil
    case .resume:
      isPaused = false
    case .beginGroup(let label):
      if let group { self.group?.depth = group.depth + 1 } else { group = (1, label, false) }
      burst = nil
    case .endGroup:
      if let group {
        self.group = group.depth > 1 ? (group.depth - 1, group.label, group.hasStep) : nil
      }
      burst = nil
    }
    return nil
  }

  private mutating func planMove(_ move: Int, _ label: String?) -> OwnWrite<Value>? {
    guard move != 0 else { return nil }
    let target = move < 0 ? past[past.count + move].value : future[future.count - move].value
    nextWriteID += 1
    let write = OwnWrite(
      id: nextWriteID, target: target, move: move, structure: structure, label: label)
    inFlight = write
    return write
  }

  /// The history's own write has been delivered as `value`: moves along the
  /// timeline, or, if the past or the future changed meanwhile, records it
  /// as a change.
  mutating func land(_ value: Value, at: Duration, presentSize: Int) {
    guard let write = inFlight else { return }
    inFlight = nil
    guard write.structure == structure else {
      record(value, as: .push(label: write.label), at: at, presentSize: presentSize)
      burst = nil
      return
    }
    var size = presentSize
    for _ in 0..<abs(write.move) {
      let entry = write.move < 0 ? past.popLast()! : future.popLast()!
      let kept = HistoryEntry(value: present, label: entry.label, size: size)
      if write.move < 0 { future.append(kept) } else { past.append(kept) }
      bytes += size - entry.size
      present = entry.value
      size = entry.size
    }
    present = value
    self.presentSize = size
    burst = nil
    if group != nil { group?.hasStep = false }
    structure += 1
    enforceBounds()
  }

  /// Takes the steps of an archive (the past oldest first, the future
  /// nearest first), measured with `size`, then drops the oldest beyond the
  /// bounds.
  mutating func restore(
    _ past: [(Value, String?)], _ future: [(Value, String?)], size: (Value) -> Int
  ) {
    adopt(past.map { ($0, $1, size($0)) }, present, future.map { ($0, $1, size($0)) })
  }

  /// Replaces the steps and the present with an archive's, measured.
  mutating func adopt(
    _ past: [(Value, String?, Int)], _ present: Value, _ future: [(Value, String?, Int)]
  ) {
    self.past.removeAll()
    self.future.removeAll()
    bytes = 0
    for (value, label, size) in past {
      self.past.append(HistoryEntry(value: value, label: label, size: size))
      bytes += size
    }
    for (value, label, size) in future.reversed() {
      self.future.append(HistoryEntry(value: value, label: label, size: size))
      bytes += size
    }
    self.present = present
    presentSize = nil
    burst = nil
    structure += 1
    enforceBounds()
  }

  private mutating func dropFuture() {
    guard !future.isEmpty else { return }
    while let entry = future.popLast() { bytes -= entry.size }
  }

  /// Drops the oldest steps (the farthest redo, once the past is empty)
  /// until the bounds hold.
  private mutating func enforceBounds() {
    while past.count + future.count > maxSteps || bytes > maxBytes {
      guard let dropped = past.popFirst() ?? future.popFirst() else { return }
      bytes -= dropped.size
      structure += 1
    }
  }
}

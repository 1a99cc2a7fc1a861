// What an `UndoHistory` knows, as a value with no user code in it: the
// steps before the present (the past, oldest first) and after it (the
// future, the next redo last; see `HistoryStep`), the present as last
// delivered, the burst and group that changes may join, and the history's
// own write on its way. The history's lane is its only writer; user code
// (`==`, the filter, the labels, the sizes, the reverts, the clock) runs
// outside its lock, and what it decided comes in as arguments.

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
  /// The label of the action that asked for it, and the action, for the
  /// step it becomes if it lands as a change.
  let label: String?
  let action: DispatchRecord?
}

struct HistoryModel<Value: Equatable & Sendable>: Sendable {
  var past = HistoryDeque<HistoryStep<Value>>()
  var future = HistoryDeque<HistoryStep<Value>>()
  var present: Value
  /// The present's size, when known (it came from a step).
  var presentSize: Int?
  var bytes = 0
  /// When the burst began (throttle) or was last joined (debounce), and
  /// its label: a change that may join it comes within the window, with
  /// the same label.
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

  /// The history's own writes whose delivery has not reached the lane yet
  /// (with their mark, or, delivered by another thread, before a marker
  /// behind them): one that landed by value may have landed on another
  /// thread's equal change, its own delivery still to come.
  var undelivered: [Int] = []  // a few at most: an array, reused

  /// Whether no write of the history's own is on its way or waits.
  var isSettled: Bool { inFlight == nil && waiting.isEmpty && undelivered.isEmpty }

  /// Whether a caller of `waitUntilDelivered()` may return at once, `sent`
  /// events having been sent to the lane so far: nothing of the history's
  /// own is on its way or waits, and the lane is between two events, every
  /// one sent so far handled (not only those sent before the call).
  ///
  /// Halfway through a later event, the model can look settled and not be:
  /// the delivery of an undo sent before the call has landed it, and the
  /// status is not yet published, or it has started a command that waited
  /// behind the undo, whose write is not yet noted.
  func isIdle(sent: Int) -> Bool { isSettled && handled == sent }

  /// Changes whenever the past or the future does: the status's revision.
  var structure = 0
  var nextWriteID = 0
  let maxSteps: Int
  let maxBytes: Int
  /// Whether steps keep their other ends (an undo from the present).
  let keepsOtherEnds: Bool
  /// Whether a burst's window counts from its first change.
  let throttles: Bool
  /// The status last published.
  var published: UndoHistoryStatus
  #if DEBUG
  /// A test's hook (`@testable`), not in release builds.
  ///
  /// The lane runs it after it publishes an event's status and before it
  /// counts the event handled: a test sees there what a caller of
  /// `waitUntilDelivered()` would find.
  var afterPublishingStatus: (@Sendable () -> Void)?
  /// A test's hook (`@testable`), not in release builds.
  ///
  /// `waitUntilDelivered()` runs it twice, outside the lock: once it has
  /// counted the events sent before the call (with `nil`), and once it has
  /// decided whether it returns at once (with that decision). A test moves
  /// the lane on in between.
  var whileWaiting: (@Sendable (_ returnsAtOnce: Bool?) -> Void)?
  #endif

  init(present: Value, maxSteps: Int, maxBytes: Int, keepsOtherEnds: Bool, throttles: Bool) {
    self.present = present
    self.maxSteps = Swift.max(0, maxSteps)
    self.maxBytes = Swift.max(0, maxBytes)
    self.keepsOtherEnds = keepsOtherEnds
    self.throttles = throttles
    published = UndoHistoryStatus()
  }

  var status: UndoHistoryStatus {
    UndoHistoryStatus(
      undoCount: past.count, redoCount: future.count, undoLabel: past.last?.label,
      redoLabel: future.last?.label, byteCount: bytes, isPaused: isPaused, revision: structure)
  }

  /// How a change recorded at `at` (not the history's own, not equal to the
  /// present) enters the history.
  func kind(at: Duration, label: String?, isStep: Bool, window: Duration) -> StepKind {
    guard isStep, !isPaused else { return .notAStep }
    if let group { return group.hasStep ? .merge : .push(label: group.label ?? label) }
    if let burst, burst.label == label, at - burst.at < window, at >= burst.at { return .merge }
    return .push(label: label)
  }

  /// Whether recording a change of `kind` keeps the present as a state of
  /// a step, so that its size is needed.
  func keepsPresent(as kind: StepKind) -> Bool {
    switch kind {
    case .push: return true
    case .merge: return false
    case .notAStep:
      guard keepsOtherEnds else { return false }
      return past.last.map { $0.other == nil } ?? false
        || future.last.map { $0.other == nil } ?? false
    }
  }

  /// Makes `value` the present, as a change of `kind` made while `action`
  /// was delivered.
  ///
  /// - Parameters:
  ///   - value: The new present.
  ///   - kind: How it enters the history.
  ///   - at: When, on the history's clock.
  ///   - presentSize: The present's size, when it is kept (see
  ///     ``keepsPresent(as:)``).
  ///   - action: The action being delivered, if any.
  mutating func record(
    _ value: Value, as kind: StepKind, at: Duration, presentSize: Int, action: DispatchRecord?
  ) {
    switch kind {
    case .push(let label):
      dropFuture()
      let step = HistoryStep(
        state: present, label: label, actions: action.map { [$0] } ?? [], stateSize: presentSize)
      past.append(step)
      bytes += step.size
      burst = (at, label)
      if group != nil { group?.hasStep = true }
      structure += 1
      enforceBounds()
    case .merge:
      if !throttles { burst?.at = at }
      if !past.isEmpty {
        var last = past[past.count - 1]
        bytes -= last.size
        last.dropOther()  // its state after is the present again
        if let action { last.actions.append(action) }
        bytes += last.size
        past[past.count - 1] = last
      }
    case .notAStep:
      if keepsOtherEnds { keepOtherEnds(of: present, size: presentSize) }
    }
    present = value
    self.presentSize = nil
  }

  /// Keeps the present in the steps whose other end it is.
  ///
  /// Called before a change that is not a step moves the present on: an
  /// undo from the present needs what the step itself changed. A burst
  /// ends there.
  private mutating func keepOtherEnds(of state: Value, size: Int) {
    burst = nil
    if !past.isEmpty, past[past.count - 1].other == nil {
      past[past.count - 1].keep(other: state, size: size)
      bytes += size
    }
    if !future.isEmpty, future[future.count - 1].other == nil {
      future[future.count - 1].keep(other: state, size: size)
      bytes += size
    }
  }

  private mutating func dropFuture() {
    guard !future.isEmpty else { return }
    while let step = future.popLast() { bytes -= step.size }
  }

  /// Drops the oldest steps (the farthest redo, once the past is empty)
  /// until the bounds hold.
  mutating func enforceBounds() {
    while past.count + future.count > maxSteps || bytes > maxBytes {
      guard let dropped = past.popFirst() ?? future.popFirst() else { return }
      bytes -= dropped.size
      structure += 1
    }
  }
}

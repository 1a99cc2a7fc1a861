/// Whether an ``UndoHistory``'s coalescing window counts from a burst's
/// last change or from its first.
public enum UndoCoalescing: Sendable, Hashable {
  /// From the burst's last change: changes less than the window apart are
  /// one step, so a burst that never pauses stays one step (typing).
  case debounce
  /// From the burst's first change: a burst that never pauses still makes
  /// a step per window (a slider dragged for a long time).
  case throttle
}

/// How an ``UndoHistory`` was set up: what its initializers pass on.
@usableFromInline
struct HistoryOptions<Value: Equatable & Sendable>: Sendable {
  var revert: UndoRevert<Value>
  var maxSteps: Int
  var maxBytes: Int
  var size: @Sendable (Value) -> Int
  var window: Duration
  var coalescing: UndoCoalescing
  /// The time since the history was made, on its clock.
  var elapsed: @Sendable () -> Duration
  var label: @Sendable (DispatchRecord) -> String?
  var isStep: @Sendable (UndoHistory<Value>.Change) -> Bool
  /// `==` of the state, made where the state's type is known (the public
  /// initializers are inlined into the app), so that comparing a large
  /// state with the present runs at the speed of its own `==`, not of the
  /// generic one.
  var equal: @Sendable (Value, Value) -> Bool

  @usableFromInline
  init(
    revert: UndoRevert<Value>, maxSteps: Int, maxBytes: Int,
    size: @escaping @Sendable (Value) -> Int, window: Duration, coalescing: UndoCoalescing,
    clock: some Clock<Duration>, label: @escaping @Sendable (DispatchRecord) -> String?,
    isStep: @escaping @Sendable (UndoHistory<Value>.Change) -> Bool,
    equal: @escaping @Sendable (Value, Value) -> Bool
  ) {
    self.revert = revert
    self.maxSteps = maxSteps
    self.maxBytes = maxBytes
    self.size = size
    self.window = window
    self.coalescing = coalescing
    let start = clock.now
    // With no window, the time of a change is never used: the clock is not read.
    if window > .zero {
      elapsed = { start.duration(to: clock.now) }
    } else {
      elapsed = { .zero }
    }
    self.label = label
    self.isStep = isStep
    self.equal = equal
  }
}

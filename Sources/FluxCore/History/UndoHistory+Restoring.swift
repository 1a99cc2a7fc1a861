extension UndoHistory {
  /// Records the changes of `variable` from the steps of `archive`, if
  /// its present is the variable's value (otherwise it starts empty: the
  /// archive belongs to another state), measuring kept states with `size`.
  ///
  /// ```swift
  /// let archive = history.archive
  /// let again = UndoHistory(of: text, restoring: archive, size: { $0.utf8.count })
  /// ```
  ///
  /// The other parameters are those of
  /// ``init(of:revert:maxSteps:maxBytes:size:coalescing:coalescingMode:clock:label:isStep:)``;
  /// the bounds apply to the restored steps too, dropping the oldest. The
  /// restored steps have no ``Step/actions``.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - archive: The history to go on from.
  ///   - revert: How a step is taken back and redone.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept.
  ///   - size: The size of a state in bytes.
  ///   - window: The coalescing window.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change or its first.
  ///   - clock: The clock that measures it.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  @inlinable
  public convenience init(
    of variable: Variable<Value>, restoring archive: Archive,
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = .max,
    size: @escaping @Sendable (Value) -> Int, coalescing window: Duration = .zero,
    coalescingMode: UndoCoalescing = .debounce, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      source: .value(of: variable),
      options: HistoryOptions(
        revert: revert, maxSteps: maxSteps, maxBytes: maxBytes, size: size, window: window,
        coalescing: coalescingMode, clock: clock, label: label, isStep: isStep,
        equal: { $0 == $1 }),
      restoring: archive)
  }
}

extension UndoHistory where Value: Encodable {
  /// Records the changes of `variable` from the steps of `archive`,
  /// measuring kept states as ``MemoryFootprint`` does; see
  /// ``init(of:restoring:revert:maxSteps:maxBytes:size:coalescing:coalescingMode:clock:label:isStep:)``.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - archive: The history to go on from.
  ///   - revert: How a step is taken back and redone.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept; 16 MiB by default.
  ///   - window: The coalescing window.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change or its first.
  ///   - clock: The clock that measures it.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  @inlinable
  public convenience init(
    of variable: Variable<Value>, restoring archive: Archive,
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = 16 << 20,
    coalescing window: Duration = .zero, coalescingMode: UndoCoalescing = .debounce,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      of: variable, restoring: archive, revert: revert, maxSteps: maxSteps, maxBytes: maxBytes,
      size: { MemoryFootprint.of($0) }, coalescing: window, coalescingMode: coalescingMode,
      clock: clock, label: label, isStep: isStep)
  }
}

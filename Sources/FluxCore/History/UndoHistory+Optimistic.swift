extension UndoHistory {
  /// Records the changes of an optimistic state's confirmed value: its
  /// steps are the writes once confirmed and the changes from elsewhere,
  /// never a write still pending or one rolled back, and an undo changes
  /// the confirmed value, which the pending writes apply on top of.
  ///
  /// ```swift
  /// let optimistic = OptimisticState(of: _favorites)
  /// let history = UndoHistory(ofConfirmed: optimistic, size: { $0.count * 8 })
  /// ```
  ///
  /// The other parameters are those of
  /// ``init(of:revert:maxSteps:maxBytes:size:coalescing:coalescingMode:clock:label:isStep:)``.
  ///
  /// - Parameters:
  ///   - optimistic: The optimistic state.
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
    ofConfirmed optimistic: OptimisticState<Value>, revert: UndoRevert<Value> = .snapshot,
    maxSteps: Int = 100, maxBytes: Int = .max, size: @escaping @Sendable (Value) -> Int,
    coalescing window: Duration = .zero, coalescingMode: UndoCoalescing = .debounce,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      source: .confirmed(of: optimistic),
      options: HistoryOptions(
        revert: revert, maxSteps: maxSteps, maxBytes: maxBytes, size: size, window: window,
        coalescing: coalescingMode, clock: clock, label: label, isStep: isStep,
        equal: { $0 == $1 }))
  }
}

extension UndoHistory where Value: Encodable {
  /// Records the changes of an optimistic state's confirmed value,
  /// measuring kept states as ``MemoryFootprint`` does; see
  /// ``init(ofConfirmed:revert:maxSteps:maxBytes:size:coalescing:coalescingMode:clock:label:isStep:)``.
  ///
  /// - Parameters:
  ///   - optimistic: The optimistic state.
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
    ofConfirmed optimistic: OptimisticState<Value>, revert: UndoRevert<Value> = .snapshot,
    maxSteps: Int = 100, maxBytes: Int = 16 << 20, coalescing window: Duration = .zero,
    coalescingMode: UndoCoalescing = .debounce, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      ofConfirmed: optimistic, revert: revert, maxSteps: maxSteps, maxBytes: maxBytes,
      size: { MemoryFootprint.of($0) }, coalescing: window, coalescingMode: coalescingMode,
      clock: clock, label: label, isStep: isStep)
  }
}

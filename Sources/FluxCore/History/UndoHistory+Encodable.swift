extension UndoHistory where Value: Encodable {
  /// Records the changes of `variable`, measuring each kept state as what
  /// it holds in memory (``MemoryFootprint``).
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - revert: How a step is taken back and redone: by writing the state
  ///     kept (``UndoRevert/snapshot``), or from the state as it is then.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept, as ``MemoryFootprint`` measures the
  ///     kept states; 16 MiB by default.
  ///   - window: Changes with the same label less than this apart are one
  ///     step; `.zero` makes each change a step.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change or its first.
  ///   - clock: The clock that measures `window`.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  @inlinable
  public convenience init(
    of variable: Variable<Value>, revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100,
    maxBytes: Int = 16 << 20, coalescing window: Duration = .zero,
    coalescingMode: UndoCoalescing = .debounce, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      of: variable, revert: revert, maxSteps: maxSteps, maxBytes: maxBytes,
      size: { MemoryFootprint.of($0) }, coalescing: window, coalescingMode: coalescingMode,
      clock: clock, label: label, isStep: isStep)
  }

  /// Records the changes of a part of `variable`'s value, measuring each
  /// kept state of the part as ``MemoryFootprint`` does; see
  /// ``init(of:tracking:revert:maxSteps:maxBytes:size:coalescing:coalescingMode:clock:label:isStep:)``.
  ///
  /// - Parameters:
  ///   - variable: The whole state.
  ///   - part: The part the history keeps, compares and restores.
  ///   - revert: How a step is taken back and redone.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept; 16 MiB by default.
  ///   - window: The coalescing window.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change or its first.
  ///   - clock: The clock that measures `window`.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change of the part is a step.
  @inlinable
  public convenience init<Root>(
    of variable: Variable<Root>, tracking part: any WritableKeyPath<Root, Value> & Sendable,
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = 16 << 20,
    coalescing window: Duration = .zero, coalescingMode: UndoCoalescing = .debounce,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      of: variable, tracking: part, revert: revert, maxSteps: maxSteps, maxBytes: maxBytes,
      size: { MemoryFootprint.of($0) }, coalescing: window, coalescingMode: coalescingMode,
      clock: clock, label: label, isStep: isStep)
  }
}

extension UndoHistory {
  /// Records the changes of a part of `variable`'s value, and only them:
  /// the history keeps, compares and restores the part, and an undo
  /// writes it back into the value as it is then, leaving the rest as it
  /// is (zundo's `partialize`).
  ///
  /// ```swift
  /// struct Screen { var todos: [Todo]; var isLoading: Bool; var selection: Todo.ID? }
  /// let history = UndoHistory(of: screen, tracking: \.todos)
  /// ```
  ///
  /// A change of the rest (a loading flag, a selection) is not a step, and
  /// no undo takes it back.
  ///
  /// - Parameters:
  ///   - variable: The whole state.
  ///   - part: The part the history keeps, compares and restores.
  ///   - revert: How a step is taken back and redone: by writing the part
  ///     kept (``UndoRevert/snapshot``), or from the part as it is then.
  ///   - maxSteps: The most steps kept, undo and redo together.
  ///   - maxBytes: The most bytes kept, as `size` measures the kept parts.
  ///   - size: The size of a part in bytes, for `maxBytes`.
  ///   - window: The coalescing window.
  ///   - coalescingMode: Whether the window counts from a burst's last
  ///     change or its first.
  ///   - clock: The clock that measures `window`.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change of the part is a step.
  @inlinable
  public convenience init<Root>(
    of variable: Variable<Root>, tracking part: any WritableKeyPath<Root, Value> & Sendable,
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = .max,
    size: @escaping @Sendable (Value) -> Int, coalescing window: Duration = .zero,
    coalescingMode: UndoCoalescing = .debounce, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      source: .part(part, of: variable),
      options: HistoryOptions(
        revert: revert, maxSteps: maxSteps, maxBytes: maxBytes, size: size, window: window,
        coalescing: coalescingMode, clock: clock, label: label, isStep: isStep,
        equal: { $0 == $1 }))
  }
}

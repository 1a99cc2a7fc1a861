extension UndoHistory {
  /// A history as a value: its states and their labels, to keep it across
  /// launches (`FluxCorePersistence`'s `PersistentHistory` does) or to
  /// look at it.
  ///
  /// ```swift
  /// let archive = history.archive                       // Codable when Value is
  /// let again = UndoHistory(of: text, restoring: archive)
  /// ```
  public struct Archive: Sendable {
    /// One kept state and the label of the step that leaves it (in
    /// ``past``) or leads to it (in ``future``).
    public struct Entry: Sendable {
      /// The state.
      public var value: Value
      /// The step's label.
      public var label: String?

      /// Creates an entry.
      ///
      /// - Parameters:
      ///   - value: The state.
      ///   - label: The step's label.
      public init(value: Value, label: String?) {
        self.value = value
        self.label = label
      }
    }

    /// The states before the present, oldest first: the last is what the
    /// next undo goes back to.
    public var past: [Entry]
    /// The state when the archive was taken.
    public var present: Value
    /// The states after the present, nearest first: the first is what the
    /// next redo goes to.
    public var future: [Entry]

    /// Creates an archive.
    ///
    /// - Parameters:
    ///   - past: The states before the present, oldest first.
    ///   - present: The present state.
    ///   - future: The states after it, nearest first.
    public init(past: [Entry] = [], present: Value, future: [Entry] = []) {
      self.past = past
      self.present = present
      self.future = future
    }
  }

  /// The history now, as a value.
  ///
  /// Copies the kept states (each a copy of a value: cheap for the
  /// copy-on-write types states are made of).
  public var archive: Archive {
    model.withLock { model in
      Archive(
        past: model.past.elements.map { Archive.Entry(value: $0.value, label: $0.label) },
        present: model.present,
        future: model.future.elements.reversed().map {
          Archive.Entry(value: $0.value, label: $0.label)
        })
    }
  }

  /// Records the changes of `variable` from the steps of `archive`, if
  /// its present is the variable's value (otherwise it starts empty: the
  /// archive belongs to another state), measuring kept states with `size`.
  ///
  /// The other parameters are those of
  /// ``init(of:maxSteps:maxBytes:size:coalescing:clock:label:isStep:)``;
  /// the bounds apply to the restored steps too, dropping the oldest.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - archive: The history to go on from.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept.
  ///   - size: The size of a state in bytes.
  ///   - window: The coalescing window.
  ///   - clock: The clock that measures it.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  public convenience init(
    of variable: Variable<Value>, restoring archive: Archive, maxSteps: Int = 100,
    maxBytes: Int = .max, size: @escaping @Sendable (Value) -> Int,
    coalescing window: Duration = .zero, clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    let start = clock.now
    self.init(
      observing: variable, writing: { variable.value = $0 }, maxSteps: maxSteps,
      maxBytes: maxBytes, size: size, window: window,
      elapsed: { start.duration(to: clock.now) }, label: label, isStep: isStep,
      restoring: archive)
  }
}

extension UndoHistory where Value: Encodable {
  /// Records the changes of `variable` from the steps of `archive`,
  /// measuring kept states as their encoded size; see
  /// ``init(of:restoring:maxSteps:maxBytes:size:coalescing:clock:label:isStep:)``.
  ///
  /// - Parameters:
  ///   - variable: The state.
  ///   - archive: The history to go on from.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept; 16 MiB by default.
  ///   - window: The coalescing window.
  ///   - clock: The clock that measures it.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - isStep: Whether a change is a step.
  public convenience init(
    of variable: Variable<Value>, restoring archive: Archive, maxSteps: Int = 100,
    maxBytes: Int = 16 << 20, coalescing window: Duration = .zero,
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    isStep: @escaping @Sendable (Change) -> Bool = { _ in true }
  ) {
    self.init(
      of: variable, restoring: archive, maxSteps: maxSteps, maxBytes: maxBytes,
      size: { EncodedSize.of($0) }, coalescing: window, clock: clock, label: label,
      isStep: isStep)
  }
}

extension UndoHistory.Archive: Equatable {}
extension UndoHistory.Archive.Entry: Equatable {}
extension UndoHistory.Archive: Codable where Value: Codable {}
extension UndoHistory.Archive.Entry: Codable where Value: Codable {}

extension UndoHistory {
  /// Replaces the steps with those of `archive`.
  ///
  /// In turn with the changes and commands on their way: for a saved
  /// history read after the history was made (`PersistentHistory`, once an
  /// unreadable file reads). The state should already hold
  /// `archive.present`.
  package func adopt(_ archive: Archive) {
    lane.send(.adopted(archive))
  }
}

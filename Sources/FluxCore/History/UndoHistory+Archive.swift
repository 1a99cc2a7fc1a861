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
      /// The state at the step's other end, when it is not the next
      /// entry's value (or the present).
      ///
      /// That is the state after the step in ``past``, before it in
      /// ``future``: kept by a history that undoes from the present
      /// (``UndoRevert``), when a change that was not a step followed the
      /// step, or an undo or a redo left a present of its own. `nil`
      /// otherwise, and always for ``UndoRevert/snapshot``.
      public var counterpart: Value?

      /// Creates an entry.
      ///
      /// - Parameters:
      ///   - value: The state.
      ///   - label: The step's label.
      ///   - counterpart: The state at the step's other end, when it is
      ///     not the next entry's value.
      public init(value: Value, label: String?, counterpart: Value? = nil) {
        self.value = value
        self.label = label
        self.counterpart = counterpart
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
    archiver.archive
  }

  /// Reads the history's archive without keeping the history alive.
  package var archiver: UndoHistoryArchiver<Value> {
    UndoHistoryArchiver(model: model)
  }

  /// The steps of `archive`, measured with `size`: the past oldest first,
  /// the future nearest first.
  static func steps(
    of archive: Archive, measuredWith size: (Value) -> Int
  ) -> (past: [HistoryStep<Value>], future: [HistoryStep<Value>]) {
    let step = { (entry: Archive.Entry) in
      HistoryStep(
        state: entry.value, other: entry.counterpart, label: entry.label, actions: [],
        stateSize: size(entry.value), otherSize: entry.counterpart.map(size) ?? 0)
    }
    return (archive.past.map(step), archive.future.map(step))
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

/// Reads a history's archive without keeping the history alive: what a
/// saved history holds between writes (`FluxCorePersistence`'s
/// `PersistentHistory`), so that the history can be freed with its state.
package struct UndoHistoryArchiver<Value: Equatable & Sendable>: Sendable {
  let model: Lock<HistoryModel<Value>>

  /// The history's steps and present, as last taken in.
  package var archive: UndoHistory<Value>.Archive {
    model.withLock { model in
      let entry = { (step: HistoryStep<Value>) in
        UndoHistory<Value>.Archive.Entry(
          value: step.state, label: step.label, counterpart: step.other)
      }
      return UndoHistory<Value>.Archive(
        past: model.past.elements.map(entry), present: model.present,
        future: model.future.elements.reversed().map(entry))
    }
  }
}

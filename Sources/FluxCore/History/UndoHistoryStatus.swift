/// Where an ``UndoHistory`` stands: what a view shows beside its Undo and
/// Redo buttons.
///
/// ```swift
/// history.status.subscribe { status in
///   undoButton.isEnabled = status.canUndo
///   undoButton.title = status.undoLabel.map { "Undo \($0)" } ?? "Undo"
/// }.disposed(by: disposeBag)
/// ```
public struct UndoHistoryStatus: Sendable, Hashable {
  /// How many steps can be undone.
  public var undoCount = 0
  /// How many steps can be redone.
  public var redoCount = 0
  /// The label of the step the next undo undoes, or `nil` if it has none
  /// (it was made outside any action) or there is nothing to undo.
  public var undoLabel: String?
  /// The label of the step the next redo redoes, or `nil`.
  public var redoLabel: String?
  /// The bytes the kept states measure, as counted against the history's
  /// byte bound.
  public var byteCount = 0
  /// Whether the history is paused: changes are not steps.
  public var isPaused = false
  /// Changes with every step, undo, redo, jump, clear and step dropped by
  /// the bounds: a view of the kept states (``UndoHistory/archive``)
  /// draws them again when it changes, even when the counts and labels
  /// stay the same (the oldest step dropped for a new one).
  public var revision = 0

  /// Whether there is a step to undo.
  public var canUndo: Bool { undoCount > 0 }
  /// Whether there is a step to redo.
  public var canRedo: Bool { redoCount > 0 }

  /// Creates the status of an empty history.
  public init() {}

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - undoCount: How many steps can be undone.
  ///   - redoCount: How many steps can be redone.
  ///   - undoLabel: The label of the next undo.
  ///   - redoLabel: The label of the next redo.
  ///   - byteCount: The bytes kept.
  ///   - isPaused: Whether the history is paused.
  ///   - revision: Which state of the kept steps it describes.
  public init(
    undoCount: Int, redoCount: Int, undoLabel: String?, redoLabel: String?, byteCount: Int,
    isPaused: Bool, revision: Int = 0
  ) {
    self.undoCount = undoCount
    self.redoCount = redoCount
    self.undoLabel = undoLabel
    self.redoLabel = redoLabel
    self.byteCount = byteCount
    self.isPaused = isPaused
    self.revision = revision
  }
}

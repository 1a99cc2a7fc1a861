/// What an action asks an ``UndoHistory`` to do: the element of a
/// dispatcher's `undo` subject.
///
/// A store binds the subject to its history, so that undo and redo travel
/// as actions like any other: ``DispatchLog``, a recording, a replay and
/// `StoreTester` see them.
///
/// ```swift
/// final class EditorDispatcher: DispatcherType {
///   static let shared = EditorDispatcher()
///   let text = DispatchSubject<String>()
///   let undo = DispatchSubject<UndoCommand>()
/// }
///
/// // In the store:
/// bind(dispatcher.text, to: _text)
/// bind(dispatcher.undo, to: history)
///
/// // In the action creator:
/// dispatcher.undo.dispatch(.undo())
/// ```
///
/// Counts out of range do what they can: `undo(steps: 99)` with 3 steps
/// undoes 3, a count of 0 or less does nothing, and `jump(to:)` goes to the
/// nearest end.
public enum UndoCommand: Sendable, Hashable, Codable {
  /// Undoes `steps` steps, as one change of the state.
  case undo(steps: Int = 1)
  /// Redoes `steps` steps, as one change of the state.
  case redo(steps: Int = 1)
  /// Goes to `position` of the timeline, as one change of the state:
  /// 0 is the oldest state kept, ``UndoHistoryStatus/undoCount`` the
  /// present; see ``UndoHistory/jump(to:)``.
  case jump(to: Int)
  /// Forgets every step; the state stays as it is.
  case clear
  /// Stops recording steps until ``resume``: changes meanwhile are not
  /// steps.
  case pause
  /// Records steps again after ``pause``.
  case resume
  /// Starts a group: every change until ``endGroup`` is one step, labelled
  /// `label` (or with the label of its first change, if `nil`).
  case beginGroup(label: String?)
  /// Ends the group ``beginGroup(label:)`` started.
  case endGroup
}

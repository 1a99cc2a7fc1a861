/// How an ``UndoHistory`` takes a step back and redoes it: by writing the
/// state it kept (``snapshot``, the default), or by making the new state
/// from the state as it is now, so that what changed since without being a
/// step stays (``init(undo:redo:)``, ``byElement``).
///
/// ```swift
/// // Elements: an undo puts back the tasks the step changed, whatever a
/// // sync did to the list since.
/// let history = UndoHistory(of: todos, revert: .byElement)
///
/// // The app's own inverse: undo un-finishes the tasks the step's actions
/// // finished (`settingDone` as in the article "Undo and optimistic
/// // updates").
/// let unfinish = UndoRevert<[Todo]>(
///   undo: { present, step in
///     present.settingDone(false, for: step.actions.compactMap { $0.value as? Todo.ID })
///   },
///   redo: { present, step in
///     present.settingDone(true, for: step.actions.compactMap { $0.value as? Todo.ID })
///   })
/// ```
///
/// > Important: What it promises.
/// > - **Snapshot.** With ``snapshot``, undo writes the state before the
/// >   step and redo the state the undo left: what changed since without
/// >   being a step (a sync, a loading flag, a selection) is undone too,
/// >   as redux-undo and zundo do.
/// > - **From the present.** With any other, undo writes
/// >   `undo(present, step)` and redo `redo(present, step)`, where `present`
/// >   is the state as it is when the command runs and ``UndoHistory/Step``
/// >   carries the step's own states, label and actions. An undo of several
/// >   steps (or a jump) runs the closure once a step, newest first, and
/// >   writes the result once.
/// > - **Where it runs.** The closures run on the thread where the history
/// >   takes the command, one at a time, holding no lock; they may run
/// >   again if the command has to wait for a write on its way. Keep them
/// >   free of side effects.
/// > - **Cost.** A history that undoes from the present keeps, besides a
/// >   state per step, the state after a step when a change that is not a
/// >   step follows it, and one more state per undo or redo: all counted
/// >   against its byte bound.
public struct UndoRevert<Value: Equatable & Sendable>: Sendable {
  /// The state an undo of `step` writes, made from `present`.
  public let undo: @Sendable (_ present: Value, _ step: UndoHistory<Value>.Step) -> Value
  /// The state a redo of `step` writes, made from `present`.
  public let redo: @Sendable (_ present: Value, _ step: UndoHistory<Value>.Step) -> Value
  /// Whether it writes the kept states themselves.
  let isSnapshot: Bool

  /// Undoes and redoes from the state as it is now.
  ///
  /// - Parameters:
  ///   - undo: The state after taking `step` back from `present`.
  ///   - redo: The state after doing `step` again on `present`.
  public init(
    undo: @escaping @Sendable (_ present: Value, _ step: UndoHistory<Value>.Step) -> Value,
    redo: @escaping @Sendable (_ present: Value, _ step: UndoHistory<Value>.Step) -> Value
  ) {
    self.undo = undo
    self.redo = redo
    isSnapshot = false
  }

  private init(snapshot: Void) {
    undo = { _, step in step.before }
    redo = { _, step in step.after }
    isSnapshot = true
  }

  /// Undo writes the state before the step, and redo the state the undo
  /// replaced.
  ///
  /// What changed since without being a step is undone with it. The
  /// default, and the cheapest: a step keeps one state.
  public static var snapshot: UndoRevert { UndoRevert(snapshot: ()) }

  /// The state `steps` (newest first for an undo, next first for a redo)
  /// make of `present`.
  func apply(_ steps: [UndoHistory<Value>.Step], to present: Value, undoing: Bool) -> Value {
    steps.reduce(present) { present, step in undoing ? undo(present, step) : redo(present, step) }
  }
}

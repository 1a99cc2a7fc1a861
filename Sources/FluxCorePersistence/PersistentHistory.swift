import FluxCore
import Foundation

/// A state and its `UndoHistory`, saved together and restored at launch:
/// undo after a relaunch.
///
/// ```swift
/// func makeEditor() throws -> EditorStore {
///   let draft = try PersistentHistory(file: draftURL, default: "")
///   return EditorStore(text: draft.variable, history: draft.history)
/// }
/// // … after a relaunch, the same file:
/// store.history.undo()  // undoes the last change made before the relaunch
/// ```
///
/// It saves as ``PersistentState`` does (coalesced, atomic, durable; a
/// damaged file moved aside, an unreadable one kept and read again), one
/// file for the state and its steps: their labels, the past and the
/// future. The bounds of the history bound the file too. A file that could
/// not be read at launch and reads later (``reload()``) brings back its
/// state and its steps.
///
/// > Important: Saving follows the state and its history, not this object.
/// > Give ``variable`` and ``history`` to a store and let go of the rest:
/// > as long as either is used, every change is saved (a change of the
/// > state once the history is gone, with the steps it left). When both are
/// > freed, what changed is written once more, on the saver's own queue:
/// > the thread that frees them goes on at once. Only ``close()`` stops the
/// > saving; a change made after it shows in ``saveError`` as
/// > ``PersistenceError/Kind/closed``. Call ``flush()`` when the app is about
/// > to be suspended or to exit: it is what waits for the write.
///
/// A saved history whose `Value` changed shape is migrated like any saved
/// state: the file holds `{"past":[{"value":…,"label":…}],"present":…,
/// "future":[…]}`, so a ``Migration`` from `UndoHistory<Old>.Archive` to
/// `UndoHistory<New>.Archive` converts it.
public final class PersistentHistory<Value: Codable & Equatable & Sendable>: Sendable {
  /// The state, restored from the file; every change is saved, as long as
  /// it or the history is used (until ``close()``).
  public let variable: Variable<Value>
  /// Its history, restored from the file.
  public let history: UndoHistory<Value>
  private let saved: PersistentState<SavedHistory<Value>>

  /// Opens the state and history saved in `file`, or starts from `default`
  /// with no steps.
  ///
  /// - Parameters:
  ///   - file: Where they live.
  ///   - version: The version of the saved shape; see ``PersistentState``.
  ///   - migrations: The steps from each older version to the next.
  ///   - revert: How a step is taken back and redone; see `UndoRevert`.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept, as `MemoryFootprint` measures them.
  ///   - window: Changes with the same label less than this apart are one
  ///     step.
  ///   - quietPeriod: How long changes must stop before they are saved.
  ///   - maxDelay: The longest a change waits to be saved.
  ///   - clock: The clock of the coalescing window and of the saving.
  ///   - label: The label of a step made while `action` is delivered.
  ///   - makeDefault: The state when there is none to restore.
  /// - Throws: A ``PersistenceError`` of kind ``PersistenceError/Kind/locked``
  ///   if another state of this process has `file` open.
  public convenience init(
    file: URL, version: Int = 1, migrations: [Migration] = [],
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = 16 << 20,
    coalescing window: Duration = .zero, quietPeriod: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(5), clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    try self.init(
      file: file, version: version, migrations: migrations, revert: revert, maxSteps: maxSteps,
      maxBytes: maxBytes, coalescing: window, quietPeriod: quietPeriod, maxDelay: maxDelay,
      clock: clock, operations: .posix, label: label, default: makeDefault())
  }

  /// Opens them with the system calls of `operations`: for tests.
  package init(
    file: URL, version: Int = 1, migrations: [Migration] = [],
    revert: UndoRevert<Value> = .snapshot, maxSteps: Int = 100, maxBytes: Int = 16 << 20,
    coalescing window: Duration = .zero, quietPeriod: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(5), clock: some Clock<Duration>, operations: FileOperations,
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    saved = try PersistentState(
      file: file, version: version, migrations: migrations, quietPeriod: quietPeriod,
      maxDelay: maxDelay, clock: clock, operations: operations,
      default: SavedHistory(UndoHistory<Value>.Archive(present: makeDefault())))
    let archive = saved.value.read ?? UndoHistory<Value>.Archive(present: makeDefault())
    variable = Variable(archive.present)
    history = UndoHistory(
      of: variable, restoring: archive, revert: revert, maxSteps: maxSteps, maxBytes: maxBytes,
      coalescing: window, clock: clock, label: label)
    // Saving follows the state and the history: each keeps it alive through
    // its subscription, and the saving keeps neither (a state that kept the
    // saving alive, and the saving the history, would keep the history, and
    // the state through it, alive for ever).
    let live = LiveHistory(history, present: archive.present)
    let savedVariable = saved.variable
    _ = variable.changed.subscribe { value in
      live.changed(to: value)
      savedVariable.value = SavedHistory(live: live)
    }
    _ = history.status.changed.subscribe { _ in savedVariable.value = SavedHistory(live: live) }
    // A file read later (`reload()`) brings its state and its steps back.
    _ = savedVariable.changed.subscribe { [weak variable, weak history] saved in
      guard let archive = saved.read else { return }
      variable?.value = archive.present
      history?.adopt(archive)
    }
  }

  /// What was found in the file; see ``PersistentState/restoration``.
  public var restoration: Restoration {
    saved.restoration
  }

  /// The error of the latest write, or `nil`; see
  /// ``PersistentState/saveError``.
  public var saveError: Property<PersistenceError?> {
    saved.saveError
  }

  /// How many times the file has been written since it was opened.
  public var saves: Property<Int> {
    saved.saves
  }

  /// Writes the state and its history now, if they changed since they were
  /// last written, and waits for the write.
  ///
  /// Call it when the app is about to be suspended or to exit: changes are
  /// otherwise written after a quiet period, and once more when the state
  /// and the history are freed, neither of which waits.
  ///
  /// - Throws: The ``PersistenceError`` of the write; see
  ///   ``PersistentState/flush()``.
  public func flush() throws(PersistenceError) {
    try saved.flush()
  }

  /// Writes what changed, and stops saving: the file may be opened again.
  ///
  /// A change made after it is not saved, and shows in ``saveError`` as
  /// ``PersistenceError/Kind/closed``. Closing twice does nothing the
  /// second time.
  ///
  /// - Throws: The ``PersistenceError`` of the last write; closed all the
  ///   same.
  public func close() throws(PersistenceError) {
    try saved.close()
  }

  /// Reads the file again if it has not been read yet; see
  /// ``PersistentState/reload()``.
  ///
  /// - Returns: What the file holds now.
  @discardableResult
  public func reload() -> Restoration {
    saved.reload()
  }
}

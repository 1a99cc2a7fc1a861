import FluxCore
import Foundation

/// A state and its `UndoHistory`, saved together and restored at launch:
/// undo after a relaunch.
///
/// ```swift
/// let draft = try PersistentHistory(file: draftURL, default: "")
/// let store = EditorStore(text: draft.variable, history: draft.history)
/// // … after a relaunch, the same file:
/// draft.history.undo()  // undoes the last change made before the relaunch
/// ```
///
/// It saves as ``PersistentState`` does (coalesced, atomic, durable; a
/// damaged file moved aside, an unreadable one kept and read again), one
/// file for the state and its steps: their labels, the past and the
/// future. The bounds of the history bound the file too. A file that could
/// not be read at launch and reads later (``reload()``) brings back its
/// state and its steps.
///
/// > Important: Keep the `PersistentHistory` for as long as its state is
/// > used (a store can hold it). It saves while it lives and writes what
/// > changed when it is freed; a change made after that is not saved, and
/// > the first one says so on standard error. Unlike a ``PersistentState``,
/// > whose saving follows its variable, a history refers to its state, so a
/// > state that kept the saving alive would keep the history alive for
/// > ever.
///
/// A saved history whose `Value` changed shape is migrated like any saved
/// state: the file holds `{"past":[{"value":…,"label":…}],"present":…,
/// "future":[…]}`, so a ``Migration`` from `UndoHistory<Old>.Archive` to
/// `UndoHistory<New>.Archive` converts it.
public final class PersistentHistory<Value: Codable & Equatable & Sendable>: Sendable {
  /// The state, restored from the file.
  public let variable: Variable<Value>
  /// Its history, restored from the file.
  public let history: UndoHistory<Value>
  private let saved: PersistentState<SavedHistory<Value>>
  private let watching = DisposeBag()

  /// Opens the state and history saved in `file`, or starts from `default`
  /// with no steps.
  ///
  /// - Parameters:
  ///   - file: Where they live.
  ///   - version: The version of the saved shape; see ``PersistentState``.
  ///   - migrations: The steps from each older version to the next.
  ///   - maxSteps: The most steps kept.
  ///   - maxBytes: The most bytes kept, as `EncodedSize` measures them.
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
    file: URL, version: Int = 1, migrations: [Migration] = [], maxSteps: Int = 100,
    maxBytes: Int = 16 << 20, coalescing window: Duration = .zero,
    quietPeriod: Duration = .milliseconds(500), maxDelay: Duration = .seconds(5),
    clock: some Clock<Duration> = ContinuousClock(),
    label: @escaping @Sendable (_ action: DispatchRecord) -> String? = { $0.label },
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    try self.init(
      file: file, version: version, migrations: migrations, maxSteps: maxSteps,
      maxBytes: maxBytes, coalescing: window, quietPeriod: quietPeriod, maxDelay: maxDelay,
      clock: clock, operations: .posix, label: label, default: makeDefault())
  }

  /// Opens them with the system calls of `operations`: for tests.
  package init(
    file: URL, version: Int = 1, migrations: [Migration] = [], maxSteps: Int = 100,
    maxBytes: Int = 16 << 20, coalescing window: Duration = .zero,
    quietPeriod: Duration = .milliseconds(500), maxDelay: Duration = .seconds(5),
    clock: some Clock<Duration>, operations: FileOperations,
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
      of: variable, restoring: archive, maxSteps: maxSteps, maxBytes: maxBytes,
      coalescing: window, clock: clock, label: label)
    let live = SavedHistory(live: history)
    let save: @Sendable () -> Void = { [saved] in saved.variable.value = live }
    variable.changed.subscribe { _ in save() }.disposed(by: watching)
    history.status.changed.subscribe { _ in save() }.disposed(by: watching)
    // A file read later (`reload()`) brings its state and its steps back.
    saved.variable.changed.subscribe { [variable, history] saved in
      guard let archive = saved.read else { return }
      variable.value = archive.present
      history.adopt(archive)
    }.disposed(by: watching)
    // Outlives this object, as long as the variable: a change made after it
    // was freed is not saved, and the first such change says so.
    let unsaved = Variable(false)
    _ = variable.changed.subscribe { [weak self, path = file.path] _ in
      guard self == nil, !unsaved.value else { return }
      unsaved.value = true
      FileHandle.standardError.write(
        Data(
          ("FluxCorePersistence: \(path): a change made after its PersistentHistory was freed "
            + "is not saved; keep the PersistentHistory while the state is used\n").utf8))
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
  /// - Throws: The ``PersistenceError`` of the write; see
  ///   ``PersistentState/flush()``.
  public func flush() throws(PersistenceError) {
    try saved.flush()
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

import Dispatch
import FluxCore
import Foundation

/// A `Variable` whose value is saved to a file and restored at launch, before
/// anything reads it: state that survives a relaunch.
///
/// ```swift
/// struct Draft: Codable, Sendable { var text = "" }
///
/// let draft = try PersistentState(file: draftURL, default: Draft())
/// final class EditorStore: Store, @unchecked Sendable {
///   init(dispatcher: AnyObservableDispatcher<EditorDispatcher>, draft: Variable<Draft>) {
///     super.init()
///     bind(dispatcher.typed, to: draft) { draft, text in Draft(text: text) }
///   }
/// }
/// let store = EditorStore(dispatcher: .init(), draft: draft.variable)
/// // … at exit:
/// try draft.flush()
/// ```
///
/// > Important: What it promises.
/// > - **Restored first.** The file is read when the state is created, so
/// >   ``variable`` starts with the saved value: nothing ever sees the
/// >   default and then the restored value.
/// > - **Coalesced.** Changes are saved once they stop for a quiet period
/// >   (half a second by default), measured on the clock you give (a test
/// >   clock in tests): a burst of changes is one write. ``flush()`` writes
/// >   now.
/// > - **Atomic and durable.** Each write goes to a temporary file beside
/// >   the file, which is flushed to disk and renamed over it, and the
/// >   directory is flushed: a crash or a kill at any instant leaves the old
/// >   state or the new one, whole, never a torn or empty file.
/// > - **Nothing saved is lost.** A file that cannot be read (damaged,
/// >   empty, of another type, or saved by a newer version) is moved aside
/// >   with its reason, never overwritten, and ``restoration`` says so.
/// > - **Errors are values.** A write that fails (a full disk, no
/// >   permission, a missing directory) leaves the old file as it was, shows
/// >   in ``saveError``, and is tried again on the next change. Nothing traps.
/// > - **One writer.** Opening a file that another process is saving to
/// >   throws: two processes never interleave their writes.
public final class PersistentState<Value: Codable & Sendable>: Sendable {
  /// The state, restored from the file; every change is saved.
  public let variable: Variable<Value>
  /// What was found in the file when the state was created.
  public let restoration: Restoration
  /// The error of the latest write, or `nil` if it succeeded (or none was
  /// needed yet).
  public let saveError: Property<PersistenceError?>
  /// How many times the state has been written since it was created: to
  /// show that changes are saved, and for tests (a burst of changes is one
  /// write).
  public let saves: Property<Int>

  private let saver: StateSaver<Value>
  private let changes: any Disposable

  /// Opens the state saved in `file`, or starts from `default`.
  ///
  /// - Parameters:
  ///   - file: Where the state lives. Its directory is created if missing.
  ///   - version: The version of the state's shape this app writes; a file
  ///     saved by an older version is migrated through `migrations`.
  ///   - migrations: The steps from each older version to the next.
  ///   - quietPeriod: How long changes must stop before they are saved.
  ///   - clock: The clock that measures the quiet period.
  ///   - makeDefault: The state when there is none to restore.
  /// - Throws: A ``PersistenceError`` of kind
  ///   ``PersistenceError/Kind/locked`` if another process is saving to
  ///   the same file. Every other problem is a value: see ``restoration``
  ///   and ``saveError``.
  public init(
    file: URL,
    version: Int = 1,
    migrations: [Migration] = [],
    quietPeriod: Duration = .milliseconds(500),
    clock: some Clock<Duration> = ContinuousClock(),
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    let stateFile = StateFile(url: file)
    try? FileManager.default.createDirectory(
      atPath: stateFile.directory, withIntermediateDirectories: true)
    var lock: Int32?
    switch stateFile.takeLock() {
    case .held(let descriptor):
      lock = descriptor
      stateFile.removeLeftTemporaryFiles()
    case .heldElsewhere:
      throw PersistenceError(
        kind: .locked, path: stateFile.path,
        reason: "another process is saving to this file (it holds \(stateFile.lockPath))")
    case .unavailable:
      lock = nil  // the first write will say why, and try again
    }

    let (value, restoration) = Self.restore(
      stateFile, version: version, migrations: migrations, default: makeDefault)
    variable = Variable(value)
    self.restoration = restoration
    let errors = Variable<PersistenceError?>(nil)
    saveError = errors.asProperty()
    let saveCount = Variable(0)
    saves = saveCount.asProperty()
    let start = clock.now
    var blocked: PersistenceError?
    if case .unreadable(let unreadable) = restoration, unreadable.movedTo == nil {
      blocked = PersistenceError(
        kind: .io(errno: EEXIST), path: stateFile.path,
        reason: "the unreadable file could not be moved aside, and is not written over")
    }
    saver = StateSaver(
      file: stateFile, version: version, lock: lock, blocked: blocked, variable: variable,
      errors: errors, saves: saveCount,
      quietPeriod: quietPeriod,
      elapsed: { start.duration(to: clock.now) },
      sleep: { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) })
    changes = variable.changed.subscribe { [saver] _ in saver.changed() }
  }

  deinit {
    changes.dispose()
    saver.close()
  }

  /// The state now.
  public var value: Value {
    variable.value
  }

  /// Writes the state now, if it changed since it was last written, and
  /// waits for the write.
  ///
  /// - Throws: The ``PersistenceError`` of the write; the old file is then
  ///   intact, and the write is tried again on the next change or flush.
  public func flush() throws(PersistenceError) {
    if let error = saver.saveNow() { throw error }
  }

  /// Reads `file`, migrating an older state; moves aside a file that cannot
  /// be read.
  private static func restore(
    _ file: StateFile, version: Int, migrations: [Migration], default makeDefault: () -> Value
  ) -> (Value, Restoration) {
    let reason: UnreadableFile.Reason
    switch file.read() {
    case .missing:
      return (makeDefault(), .noFile)
    case .unreadable(let detail):
      reason = .unreadable(detail)
    case .bytes(let data):
      switch file.decode(data, as: Value.self, version: version, migrations: migrations) {
      case .success(let value, let savedBy):
        return (value, .restored(fromVersion: savedBy))
      case .failure(let why):
        reason = why
      }
    }
    let movedTo = file.moveAside(because: reason)
    return (makeDefault(), .unreadable(UnreadableFile(reason: reason, movedTo: movedTo)))
  }
}

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
/// > - **Coalesced, and never postponed for long.** Changes are saved once
/// >   they stop for a quiet period (half a second by default), and at most
/// >   `maxDelay` (5 s by default) after the first unsaved change however
/// >   often the state changes, measured on the clock you give (a test clock
/// >   in tests). ``flush()`` writes now.
/// > - **Atomic and durable.** Each write goes to a temporary file beside
/// >   the file, which is flushed to disk (`F_FULLFSYNC` on Apple platforms,
/// >   `fsync` elsewhere) and renamed over it, and the directory is flushed:
/// >   a crash or a kill at any instant leaves the old state or the new one,
/// >   whole, never a torn or empty file.
/// > - **Nothing saved is lost.** A file whose bytes are not a state
/// >   (damaged, empty, of another type) is moved aside with its reason. A
/// >   file that could not be read (no free descriptor, no permission, a
/// >   locked device) or that a newer version saved stays where it is, and
/// >   is never written over until it has been read. ``restoration`` says
/// >   which.
/// > - **Errors are values.** A write that fails (a full disk, no
/// >   permission, a missing directory) leaves the old file as it was, shows
/// >   in ``saveError``, and is tried again after 1 s, then 2, 4, … up to a
/// >   minute apart, and on every change and flush. Nothing traps.
/// > - **Saving follows the state.** Give ``variable`` to a store and let
/// >   go of the rest: as long as the variable lives, its changes are saved,
/// >   and what changed is written once more when it is freed (a write that
/// >   fails then shows in ``saveError``, and on standard error). Only
/// >   ``close()`` stops the saving; a change made after it shows in
/// >   ``saveError`` as ``PersistenceError/Kind/closed``.
/// > - **Freeing never blocks.** That last write finishes on the state's own
/// >   writer queue: the thread that frees the variable goes on at once, the
/// >   main thread included, and a new state of the same file waits for the
/// >   write before reading it. ``flush()`` is what waits: call it when the
/// >   app is about to be suspended or to exit.
/// > - **The clock's time decides.** What a write saves, and when the next
/// >   one is due, follow from the changes and the clock's time, not from
/// >   when the writer's thread gets to run: with a test clock, the same
/// >   writes however busy the machine is.
/// > - **Any thread.** ``flush()``, ``reload()`` and dropping the last
/// >   reference work from any thread, including from a subscriber of
/// >   ``saves`` or ``saveError``, which run on the state's writer queue.
/// > - **Writes never interleave.** A process holds the file's advisory lock
/// >   only while it writes, so that an app and its extension can share the
/// >   file; a write that finds the lock held fails with
/// >   ``PersistenceError/Kind/locked`` and is tried again. In one process,
/// >   a second state of the same file is refused.
public final class PersistentState<Value: Codable & Sendable>: Sendable {
  /// The state, restored from the file; every change is saved, for as
  /// long as the variable lives (until ``close()``).
  public let variable: Variable<Value>
  /// The error of the latest write, or `nil` if it succeeded (or none was
  /// needed yet).
  ///
  /// Its subscribers run on the state's writer queue.
  public let saveError: Property<PersistenceError?>
  /// How many times the state has been written since it was created: to
  /// show that changes are saved, and for tests (a burst of changes is one
  /// write).
  ///
  /// Its subscribers run on the state's writer queue.
  public let saves: Property<Int>

  private let saver: StateSaver<Value>
  /// What keeps the saver saving while ``variable`` lives, and closes it
  /// once neither this object nor the variable does.
  private let lifetime: SavingLifetime<Value>

  /// Opens the state saved in `file`, or starts from `default`.
  ///
  /// - Parameters:
  ///   - file: Where the state lives. Its directory is created if missing.
  ///   - version: The version of the state's shape this app writes; a file
  ///     saved by an older version is migrated through `migrations`.
  ///   - migrations: The steps from each older version to the next.
  ///   - quietPeriod: How long changes must stop before they are saved.
  ///   - maxDelay: The longest time a change waits to be saved while
  ///     changes never stop for the quiet period. Either of these
  ///     longer than 100 years counts as 100 years (a longer sleep would trap
  ///     or never be freed).
  ///   - clock: The clock that measures the quiet period and the delays.
  ///   - makeDefault: The state when there is none to restore.
  /// - Throws: A ``PersistenceError`` of kind
  ///   ``PersistenceError/Kind/locked`` if another state of this process
  ///   has `file` open. Every other problem is a value: see
  ///   ``restoration`` and ``saveError``.
  public convenience init(
    file: URL,
    version: Int = 1,
    migrations: [Migration] = [],
    quietPeriod: Duration = .milliseconds(500),
    maxDelay: Duration = .seconds(5),
    clock: some Clock<Duration> = ContinuousClock(),
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    try self.init(
      file: file, version: version, migrations: migrations, quietPeriod: quietPeriod,
      maxDelay: maxDelay, clock: clock, operations: .posix, default: makeDefault())
  }

  /// Opens the state saved in `file` with the system calls of `operations`:
  /// for tests, to see the calls or make one fail.
  package init(
    file: URL, version: Int = 1, migrations: [Migration] = [],
    quietPeriod: Duration = .milliseconds(500), maxDelay: Duration = .seconds(5),
    clock: some Clock<Duration>, operations: FileOperations,
    default makeDefault: @autoclosure () -> Value
  ) throws(PersistenceError) {
    let stateFile = StateFile(url: file, operations: operations)
    guard openStateFile(stateFile.path) else {
      throw PersistenceError(
        kind: .locked, path: stateFile.path,
        reason: "the file is open already: another PersistentState of this process saves to it")
    }
    stateFile.createDirectory()
    let reader = StateReader<Value>(file: stateFile, version: version, migrations: migrations)
    let restored = reader.read()
    variable = Variable(restored.value ?? makeDefault())
    let errors = Variable<PersistenceError?>(nil)
    saveError = errors.asProperty()
    let saveCount = Variable(0)
    saves = saveCount.asProperty()
    let start = clock.now
    saver = StateSaver(
      reader: reader, restored: restored, variable: variable, errors: errors, saves: saveCount,
      schedule: SaveSchedule(quietPeriod: quietPeriod, maxDelay: maxDelay),
      elapsed: { start.duration(to: clock.now) },
      sleep: { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) })
    // The variable keeps the lifetime, through this subscription, for as
    // long as it lives: saving follows the state, not this object.
    let lifetime = SavingLifetime(saver)
    self.lifetime = lifetime
    _ = variable.changed.subscribe { [lifetime] value in lifetime.saver.changed(to: value) }
  }

  /// The state now.
  public var value: Value {
    variable.value
  }

  /// What was found in the file: when the state was created, or, for a file
  /// that could not be read then, when it was last read again.
  public var restoration: Restoration {
    saver.restoration
  }

  /// Writes the state now, if it changed since it was last written, and
  /// waits for the write.
  ///
  /// Call it when the app is about to be suspended or to exit: changes are
  /// otherwise written after a quiet period, and once more when the
  /// variable is freed, neither of which waits.
  ///
  /// A file that was not read yet (see ``Restoration/notRead(_:)``) is read
  /// first; if it reads, its value replaces the state's, and nothing is
  /// written.
  ///
  /// - Throws: The ``PersistenceError`` of the write; the old file is then
  ///   intact, and the write is tried again on a schedule, on the next
  ///   change, and on the next flush.
  public func flush() throws(PersistenceError) {
    if let error = saver.saveNow() { throw error }
  }

  /// Writes what changed, and stops saving: the state lets go of the file,
  /// which may be opened again.
  ///
  /// A change of ``variable`` after it is not saved, and shows in
  /// ``saveError`` as ``PersistenceError/Kind/closed``. Without `close()`,
  /// the state is saved for as long as ``variable`` lives, whether or not
  /// this object does, and written once more when the variable is freed.
  /// Closing twice does nothing the second time.
  ///
  /// - Throws: The ``PersistenceError`` of the last write; the state is
  ///   closed all the same.
  public func close() throws(PersistenceError) {
    if let error = saver.close() { throw error }
  }

  /// Reads the file again if it has not been read yet.
  ///
  /// That is a file that could not be opened or read
  /// (``Restoration/notRead(_:)``), that a newer version saved, or that
  /// could not be moved aside. Once it reads, its value replaces the
  /// state's, built on the default meanwhile.
  ///
  /// A file that was read already is not read again.
  ///
  /// - Returns: What the file holds now, as ``restoration`` gives it.
  @discardableResult
  public func reload() -> Restoration {
    saver.reload()
  }
}

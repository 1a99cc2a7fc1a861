import Dispatch
import FluxCore
import Foundation

/// Saves a ``PersistentState``'s variable on a queue of its own: after a
/// quiet period or the longest delay (see ``SaveSchedule``), when asked to
/// flush, and again after a failed write.
///
/// Its queue runs every write, read again and close, one at a time. The
/// subscribers of `saves` and `saveError` run there: from them, a flush, a
/// reload or a close runs at once, on the same queue, instead of waiting for
/// it.
final class StateSaver<Value: Codable & Sendable>: Sendable {
  struct State: Sendable {
    /// Whether the variable changed since it was last written.
    var isDirty = false
    var schedule: SaveSchedule
    var timer = TimerSlot()
    var isClosed = false
    /// What the file held, as last read.
    var restoration: Restoration
    /// Why nothing may be written yet, if so.
    ///
    /// The file is still there, not read (or not moved aside); it is read
    /// again before each write.
    var blocker: PersistenceError?
    /// Whether the temporary files a killed writer left have been removed.
    var hasRemovedLeftFiles = false
  }

  let reader: StateReader<Value>
  let variable: Variable<Value>
  let errors: Variable<PersistenceError?>
  private let saves: Variable<Int>
  let elapsed: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async throws -> Void
  let state: Lock<State>
  private let queue = DispatchQueue(label: "FluxCorePersistence.writer", qos: .utility)
  /// Set on `queue`: work asked for there runs at once.
  private let onQueue = DispatchSpecificKey<Bool>()

  var file: StateFile { reader.file }

  init(
    reader: StateReader<Value>, restored: StateReader<Value>.Outcome, variable: Variable<Value>,
    errors: Variable<PersistenceError?>, saves: Variable<Int>, schedule: SaveSchedule,
    elapsed: @escaping @Sendable () -> Duration,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.reader = reader
    self.variable = variable
    self.errors = errors
    self.saves = saves
    self.elapsed = elapsed
    self.sleep = sleep
    state = Lock(
      State(schedule: schedule, restoration: restored.restoration, blocker: restored.blocker))
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Runs `body` on the queue and returns its result: at once when already
  /// there, so that it never waits for itself.
  func onTheQueue<Result>(_ body: () -> Result) -> Result {
    if DispatchQueue.getSpecific(key: onQueue) == true { return body() }
    return queue.sync(execute: body)
  }

  /// What the file held, as last read.
  var restoration: Restoration {
    state.withLock { $0.restoration }
  }

  /// Notes a change; called on the thread that made it.
  func changed() {
    let now = elapsed()
    let start = state.withLock { state -> TimerSlot.Start? in
      guard !state.isClosed else { return nil }
      state.isDirty = true
      state.schedule.changed(at: now)
      return state.timer.claim(due: state.schedule.due)
    }
    if let start { startTimer(start) }
  }

  /// Writes now, if anything changed, and waits for it.
  ///
  /// - Returns: The error of the write, or `nil`.
  func saveNow() -> PersistenceError? {
    onTheQueue { write() }
  }

  /// Writes what changed, and stops saving.
  func close() {
    let timer = onTheQueue { () -> Task<Void, Never>? in
      write()
      return state.withLock { state in
        state.isClosed = true
        return state.timer.take()
      }
    }
    timer?.cancel()
  }

  /// Writes on the queue, without waiting.
  func writeOnQueue() {
    queue.async { self.write() }
  }

  /// Writes the variable's value if it changed since the last write; on
  /// the queue.
  ///
  /// - Returns: The error of the write, or `nil`.
  @discardableResult
  func write() -> PersistenceError? {
    guard
      let (blocked, removeLeftFiles) = state.withLock({ state -> (Bool, Bool)? in
        guard state.isDirty, !state.isClosed else { return nil }
        state.isDirty = false
        state.schedule.writing()
        return (state.blocker != nil, !state.hasRemovedLeftFiles)
      })
    else { return nil }
    var failure: PersistenceError?
    if blocked {
      switch readAgain() {
      case .restored:
        return nil  // the state is what the file holds: nothing to write now
      case .taken: break
      case .blocked(let error): failure = error
      }
    }
    if failure == nil { failure = encodeAndWrite(removingLeftFiles: removeLeftFiles) }
    let now = elapsed()
    let retry = state.withLock { [failed = failure != nil] state -> TimerSlot.Start? in
      guard failed else {
        state.schedule.succeeded()
        return nil
      }
      state.isDirty = true  // tried again: on a schedule, on the next change, on a flush
      state.schedule.failed(at: now)
      return state.isClosed ? nil : state.timer.claim(due: state.schedule.due)
    }
    if let retry { startTimer(retry) }
    // The error first: once `saves` counts a write, `saveError` is up to date.
    if errors.value != failure { errors.value = failure }
    if failure == nil { saves.update { $0 += 1 } }
    return failure
  }

  /// Encodes the value and writes it, holding the file's lock.
  private func encodeAndWrite(removingLeftFiles: Bool) -> PersistenceError? {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(Envelope(version: reader.version, value: variable.value))
    } catch {
      return PersistenceError(kind: .encoding, path: file.path, reason: "\(error)")
    }
    return file.whileLocked {
      if removingLeftFiles {
        file.removeLeftTemporaryFiles()
        state.withLock { $0.hasRemovedLeftFiles = true }
      }
      return file.write(data)
    }
  }
}

import Dispatch
import FluxCore
import Foundation

/// Saves a ``PersistentState``'s variable: waits for its changes to stop for
/// the quiet period, then writes it on a queue of its own; writes at once
/// when asked to flush.
///
/// One timer task runs per quiet period, however many changes come: a
/// change only moves the deadline, and the task, when it wakes before the
/// new deadline, sleeps again until it.
final class StateSaver<Value: Codable & Sendable>: Sendable {
  private struct State: Sendable {
    /// Whether the variable changed since it was last written.
    var isDirty = false
    /// When the quiet period ends, as time since the state was created.
    var deadline = Duration.zero
    var isTimerRunning = false
    var isClosed = false
    /// The open descriptor of the lock file, while this process holds it.
    var lock: Int32?
    var attempts = 0
    /// Why nothing may be written, if so: an unreadable file that could not
    /// be moved aside is never written over.
    var blocked: PersistenceError?
  }

  private let file: StateFile
  private let version: Int
  private let variable: Variable<Value>
  private let errors: Variable<PersistenceError?>
  private let saves: Variable<Int>
  private let quietPeriod: Duration
  private let elapsed: @Sendable () -> Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  private let state: Lock<State>
  private let queue = DispatchQueue(label: "FluxCorePersistence.writer", qos: .utility)

  init(
    file: StateFile, version: Int, lock: Int32?, blocked: PersistenceError?,
    variable: Variable<Value>,
    errors: Variable<PersistenceError?>, saves: Variable<Int>, quietPeriod: Duration,
    elapsed: @escaping @Sendable () -> Duration,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.file = file
    self.version = version
    self.variable = variable
    self.errors = errors
    self.saves = saves
    self.quietPeriod = quietPeriod
    self.elapsed = elapsed
    self.sleep = sleep
    var initial = State()
    initial.lock = lock
    initial.blocked = blocked
    state = Lock(initial)
  }

  /// Notes a change; called on the thread that made it.
  func changed() {
    let deadline = elapsed() + quietPeriod
    let startTimer = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.isDirty = true
      state.deadline = deadline
      guard !state.isTimerRunning else { return false }
      state.isTimerRunning = true
      return true
    }
    if startTimer {
      Task { await self.writeOnceQuiet() }
    }
  }

  /// Sleeps until the changes have stopped for the quiet period, then writes.
  private func writeOnceQuiet() async {
    while true {
      let deadline = state.withLock { $0.deadline }
      do {
        try await sleep(deadline)
      } catch {
        state.withLock { $0.isTimerRunning = false }
        return
      }
      let now = elapsed()
      let isQuiet = state.withLock { state -> Bool? in
        guard !state.isClosed else {
          state.isTimerRunning = false
          return nil
        }
        guard now >= state.deadline else { return false }  // a change moved it
        state.isTimerRunning = false
        return true
      }
      switch isQuiet {
      case true?:
        queue.async { _ = self.write() }
        return
      case nil:
        return
      case false?:
        continue
      }
    }
  }

  /// Writes now, if anything changed, and waits for it.
  ///
  /// - Returns: The error of the write, or `nil`.
  func saveNow() -> PersistenceError? {
    queue.sync { write() }
  }

  /// Writes what changed, and gives the lock back: the state is saved no
  /// more.
  func close() {
    queue.sync {
      _ = write()
      let lock = state.withLock { state -> Int32? in
        state.isClosed = true
        defer { state.lock = nil }
        return state.lock
      }
      if let lock { Foundation.close(lock) }
    }
  }

  /// Writes the variable's value if it changed since the last write; on
  /// the queue.
  private func write() -> PersistenceError? {
    guard
      let (attempt, lock, blocked) = state.withLock({
        state -> (Int, Int32?, PersistenceError?)? in
        guard state.isDirty, !state.isClosed else { return nil }
        state.isDirty = false
        state.attempts += 1
        return (state.attempts, state.lock, state.blocked)
      })
    else { return nil }
    var failure = blocked
    if failure == nil, lock == nil { failure = takeLock() }
    if failure == nil {
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Envelope(version: version, value: variable.value))
        failure = file.write(data, attempt: attempt)
      } catch {
        failure = PersistenceError(kind: .encoding, path: file.path, reason: "\(error)")
      }
    }
    if failure != nil {
      state.withLock { $0.isDirty = true }  // tried again on the next change or flush
    } else {
      saves.update { $0 += 1 }
    }
    if errors.value != failure { errors.value = failure }
    return failure
  }

  /// Takes the lock, for a state opened when the lock file could not be.
  private func takeLock() -> PersistenceError? {
    switch file.takeLock() {
    case .held(let descriptor):
      state.withLock { $0.lock = descriptor }
      return nil
    case .heldElsewhere:
      return PersistenceError(
        kind: .locked, path: file.path,
        reason: "another process is saving to this file (it holds \(file.lockPath))")
    case .unavailable(let error):
      return error
    }
  }
}

/// What a state file holds: the version of the state's shape, and the state.
struct Envelope<Value: Encodable>: Encodable {
  let version: Int
  let value: Value
}

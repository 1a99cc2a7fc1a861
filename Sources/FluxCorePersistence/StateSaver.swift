import Dispatch
import FluxCore
import Foundation

/// Saves a ``PersistentState``'s variable on a queue of its own: after a
/// quiet period or the longest delay (see ``SaveSchedule``), when asked to
/// flush, and again after a failed write.
///
/// Which value a write saves, and when the next one is due, follow from the
/// changes and the clock's time alone, never from when a thread gets to run:
/// a write that fell due before a change saves the value as it was before
/// that change, whether its timer woke in time or not (see
/// ``changed(to:)``). So a test that moves a `TestClock` sees the same
/// writes however busy the machine is.
///
/// Its queue runs every write, read again and close, one at a time. The
/// subscribers of `saves` and `saveError` run there: from them, a flush, a
/// reload or a close runs at once, on the same queue, instead of waiting for
/// it.
final class StateSaver<Value: Codable & Sendable>: Sendable {
  struct State: Sendable {
    /// The variable's value, as its changes reached the saver.
    var latest: Value
    /// Whether `latest` changed since a write of it was claimed.
    var isDirty = false
    /// The values of the writes that fell due, oldest first, waiting for
    /// the queue (which has one block for each).
    var claimed: [Value] = []
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

  /// The most writes that wait for the queue: beyond it (the writer fell
  /// that far behind the writes falling due, as with a quiet period of
  /// zero under a flood of changes), the newest takes the place of the one
  /// before it, so that memory stays bounded.
  static var mostClaimedWrites: Int { 8 }

  let reader: StateReader<Value>
  /// The variable, to restore a file read late into it; the saver does not
  /// keep it alive (it keeps the saver, through its subscription).
  weak let variable: Variable<Value>?
  let errors: Variable<PersistenceError?>
  let saves: Variable<Int>
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
      State(
        latest: variable.value, schedule: schedule, restoration: restored.restoration,
        blocker: restored.blocker))
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Runs `body` on the queue and returns its result: at once when already
  /// there, so that it never waits for itself.
  func onTheQueue<Result>(_ body: () -> Result) -> Result {
    if DispatchQueue.getSpecific(key: onQueue) == true { return body() }
    return queue.sync(execute: body)
  }

  /// Waits until the work queued so far has run, unless called on the
  /// queue, where it would wait for itself.
  ///
  /// - Returns: Whether it waited.
  func waitForTheQueue() -> Bool {
    if DispatchQueue.getSpecific(key: onQueue) == true { return false }
    queue.sync {}
    return true
  }

  /// What the file held, as last read.
  var restoration: Restoration {
    state.withLock { $0.restoration }
  }

  /// Notes that the variable changed to `value`; called on the thread that
  /// delivers the change.
  ///
  /// A write that fell due before this change (its timer has not claimed it
  /// yet: the machine is busy, or a test clock moved past it) is claimed
  /// now, with the value before the change, as its timer would have.
  /// After ``close()``, the change is not saved, and says so in
  /// `saveError`.
  func changed(to value: Value) {
    let now = elapsed()
    var replaced = value
    let (isClosed, start) = state.withLock { state -> (Bool, TimerSlot.Start?) in
      guard !state.isClosed else { return (true, nil) }
      if state.isDirty, let due = state.schedule.due, due <= now { claimWrite(&state) }
      swap(&state.latest, &replaced)  // the value replaced is released outside the lock
      state.isDirty = true
      state.schedule.changed(at: now)
      return (false, state.timer.claim(due: state.schedule.due))
    }
    if isClosed {
      queue.async { self.report(.closed(self.file.path)) }
      return
    }
    if let start { startTimer(start) }
  }

  /// Claims a write of `latest`, now due: the queue writes it in turn.
  ///
  /// Called with the lock held; the block is queued under it, so that the
  /// writes claimed on several threads reach the queue in the order claimed.
  func claimWrite(_ state: inout State) {
    state.isDirty = false
    state.schedule.writing()
    if state.claimed.count < Self.mostClaimedWrites {
      state.claimed.append(state.latest)
      queue.async { self.writeClaimed() }
    } else {
      state.claimed[state.claimed.count - 1] = state.latest
    }
  }

  /// Writes now, if anything changed, and waits for it: the writes already
  /// claimed, then the value now.
  ///
  /// - Returns: The error of the last write, or `nil`.
  func saveNow() -> PersistenceError? {
    onTheQueue { writeEverything() }
  }

  /// Writes what changed, and stops saving; says so in `saveError` for each
  /// later change.
  ///
  /// - Returns: The error of the last write, or `nil`.
  @discardableResult
  func close() -> PersistenceError? {
    let (failure, timer, wasOpen) = onTheQueue {
      () -> (PersistenceError?, Task<Void, Never>?, Bool) in
      let failure = writeEverything()
      let (timer, wasOpen) = state.withLock { state in
        defer { state.isClosed = true }
        return (state.timer.take(), !state.isClosed)
      }
      return (failure, timer, wasOpen)
    }
    timer?.cancel()
    if wasOpen { openStateFiles.withLock { _ = $0.removeValue(forKey: file.path) } }
    return failure
  }

  /// Closes the saver of a state that nothing can change any more, without
  /// waiting.
  ///
  /// Called once its variable and its `PersistentState` are freed: what
  /// changed is written on the queue, and the file stays this saver's
  /// until then (a new state of it waits for that write before reading).
  /// A write that fails then shows in `saveError`, and on standard error,
  /// since nothing may be left to observe it.
  func closeWhenFreed() {
    guard !state.withLock({ $0.isClosed }) else { return }  // closed already: nothing to write
    openStateFiles.withLock { files in
      files[file.path] = .closing(waitUntilClosed: { self.waitForTheQueue() })
    }
    queue.async {
      guard let error = self.close() else { return }
      FileHandle.standardError.write(
        Data("FluxCorePersistence: the last changes were not saved: \(error)\n".utf8))
    }
  }

  /// Claims a write of what changed, then writes every claimed value, in
  /// order; on the queue.
  private func writeEverything() -> PersistenceError? {
    state.withLock { state in
      if state.isDirty, !state.isClosed { claimWrite(&state) }
    }
    var failure: PersistenceError?
    while let written = writeClaimed() {
      if case .failure(let error) = written { failure = error } else { failure = nil }
    }
    return failure
  }
}

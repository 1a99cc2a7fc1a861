import FluxCore
import Foundation

extension StateSaver {
  /// Writes the oldest claimed value; on the queue.
  ///
  /// - Returns: How the write went, or `nil` if no value was claimed.
  @discardableResult
  func writeClaimed() -> Result<Void, PersistenceError>? {
    guard
      let (value, blocked, removeLeftFiles) = state.withLock({
        state -> (Value, Bool, Bool)? in
        guard !state.claimed.isEmpty else { return nil }
        return (state.claimed.removeFirst(), state.blocker != nil, !state.hasRemovedLeftFiles)
      })
    else { return nil }
    var failure: PersistenceError?
    if blocked {
      switch readAgain() {
      case .restored:
        return .success(())  // the state is what the file holds: nothing to write now
      case .taken: break
      case .blocked(let error): failure = error
      }
    }
    if failure == nil { failure = encodeAndWrite(value, removingLeftFiles: removeLeftFiles) }
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
    return failure.map { .failure($0) } ?? .success(())
  }

  /// Shows `error` in `saveError`; on the queue.
  func report(_ error: PersistenceError) {
    if errors.value != error { errors.value = error }
  }

  /// Encodes `value` and writes it, holding the file's lock.
  private func encodeAndWrite(_ value: Value, removingLeftFiles: Bool) -> PersistenceError? {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(Envelope(version: reader.version, value: value))
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

import Foundation

/// A sleep that lasts until the test releases it, or until its task is
/// cancelled (then it throws, as `Task.sleep` does).
final class ManualSleeper: Sendable {
  private struct State {
    var sleepers: [Int: CheckedContinuation<Void, Error>] = [:]
    var nextID = 0
    var durations: [Duration] = []
    var cancelled = 0
  }

  private let state = Locked(State())

  /// The durations asked for, in order.
  var durations: [Duration] { state.withLock { $0.durations } }
  /// How many sleeps were cancelled.
  var cancelledCount: Int { state.withLock { $0.cancelled } }
  /// How many sleeps are waiting to be released.
  var sleepingCount: Int { state.withLock { $0.sleepers.count } }

  /// The sleep function to inject.
  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] duration in try await sleep(for: duration) }
  }

  private func sleep(for duration: Duration) async throws {
    let id = state.withLock { state in
      state.durations.append(duration)
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledAlready = state.withLock { state in
          guard !Task.isCancelled else { return true }
          state.sleepers[id] = continuation
          return false
        }
        if cancelledAlready {
          state.withLock { $0.cancelled += 1 }
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        let sleeper = state.sleepers.removeValue(forKey: id)
        if sleeper != nil { state.cancelled += 1 }
        return sleeper
      }
      sleeper?.resume(throwing: CancellationError())
    }
  }

  /// Ends every sleep that is waiting.
  func releaseAll() {
    let sleepers = state.withLock { state in
      defer { state.sleepers = [:] }
      return state.sleepers
    }
    for sleeper in sleepers.values { sleeper.resume() }
  }
}

/// A value behind an `NSLock`.
final class Locked<Value>: @unchecked Sendable {
  // Safe: `value` is only touched inside `withLock`, which holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

import Dispatch
import FluxCore
import FluxCorePersistence

/// The system's calls, with the flush to disk of every write held until
/// `release()`: a final write that is still on its way, for tests of what
/// waits for it and what does not.
///
/// A flush held for ten seconds goes on by itself and notes it
/// (`timedOut`): a thread that waited for the write is then not stuck for
/// ever, and the test says so.
final class HeldSync: Sendable {
  private struct State: Sendable {
    var released = false
    var timedOut = false
    var held = 0
  }

  private let state = Lock(State())
  private let opened = DispatchSemaphore(value: 0)
  private let entered = DispatchSemaphore(value: 0)

  /// The calls, with `sync` held.
  var operations: FileOperations {
    var operations = FileOperations.posix
    let posix = FileOperations.posix
    operations.sync = { [self] descriptor in
      hold()
      return posix.sync(descriptor)
    }
    return operations
  }

  /// Whether a flush gave up waiting for `release()`.
  var timedOut: Bool { state.withLock { $0.timedOut } }

  /// How many flushes have been held so far.
  var held: Int { state.withLock { $0.held } }

  /// Returns once a flush is held; `false` if none was within ten seconds
  /// (the machine is too slow, or nothing wrote).
  func waitUntilHeld() -> Bool {
    entered.wait(timeout: .now() + .seconds(10)) == .success
  }

  /// Lets every flush go on, now and later.
  func release() {
    state.withLock { $0.released = true }
    opened.signal()
  }

  private func hold() {
    guard !state.withLock({ $0.released }) else { return }
    state.withLock { $0.held += 1 }
    entered.signal()
    if opened.wait(timeout: .now() + .seconds(10)) == .timedOut {
      state.withLock { $0.timedOut = true }
    } else {
      opened.signal()  // for the next one
    }
  }
}

import FluxCore

/// Keeps a ``PersistentState``'s saver saving for as long as the state's
/// variable lives, and closes it, writing what changed, once neither the
/// `PersistentState` nor the variable does: saving follows the state, not
/// the object that set it up.
///
/// The `PersistentState` holds it, and so does the variable's subscription
/// that notes each change. The saver's timer holds the saver itself, not
/// this, so that a timer sleeping on a clock that never moves does not keep
/// it alive.
final class SavingLifetime<Value: Codable & Sendable>: Sendable {
  let saver: StateSaver<Value>

  init(_ saver: StateSaver<Value>) {
    self.saver = saver
  }

  /// Writes what changed, on the saver's queue.
  ///
  /// The thread that freed the state goes on at once (the main thread
  /// included), and the file stays the saver's until the write is done (a
  /// new state of it waits for it). A write that fails shows in
  /// `saveError`, and on standard error: a change that will never be saved
  /// is never silent.
  deinit {
    saver.closeWhenFreed()
  }
}

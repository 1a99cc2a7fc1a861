import FluxCore
import Foundation

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

  /// Writes what changed, as far as a deinit can: a write that fails shows
  /// in `saveError`, and, since nothing may be left to observe it, on
  /// standard error too; a change that will never be saved is never
  /// silent.
  deinit {
    guard let error = saver.close() else { return }
    FileHandle.standardError.write(
      Data("FluxCorePersistence: the last changes were not saved: \(error)\n".utf8))
  }
}

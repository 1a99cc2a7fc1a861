import FluxCore
import FluxCorePersistence
import Foundation
import SearchFeature

/// The last search, remembered between runs in `--state-dir`: restored
/// before the session starts, saved as the session goes, flushed at the end.
@MainActor
final class RememberedSearch {
  private let state: PersistentState<SearchMemory?>

  /// Opens the memory in `directory`, and says what was found there.
  ///
  /// - Throws: An ``OutputError`` if the memory is open already in this
  ///   process.
  init(directory: String, write: @Sendable (String) -> Void) throws(OutputError) {
    let file = URL(fileURLWithPath: directory).appendingPathComponent("search.json")
    do {
      state = try PersistentState(file: file, quietPeriod: .milliseconds(200), default: nil)
    } catch {
      throw OutputError(message: "cannot remember the search: \(error)")
    }
    switch state.restoration {
    case .restored:
      if let last = state.value { write("Restored your last search: \(last)") }
    case .unreadable(let unreadable):
      write(
        "Could not read saved state: \(unreadable.reason); "
          + (unreadable.movedTo.map { "moved it to \($0.path)" } ?? "left it where it was")
          + ". Starting afresh.")
    case .notRead(let error):
      write("Could not read saved state: \(error); kept it, and will read it again.")
    case .newerVersion(let found, _):
      write("Saved state is from a newer version (\(found)); kept it, and will not save over it.")
    case .noFile:
      break
    }
  }

  /// The variable the store keeps the last search in.
  var variable: Variable<SearchMemory?> { state.variable }

  /// Saves what is not saved yet; says so if that fails.
  ///
  /// - Returns: The program's exit status.
  func flush(writeError: @Sendable (String) -> Void) -> Int32 {
    // A newer version's memory is kept, not written over: said at the start.
    if case .newerVersion = state.restoration { return Program.success }
    do {
      try state.flush()
      return Program.success
    } catch {
      writeError("error: the last search was not saved: \(error)")
      return Program.outputError
    }
  }
}

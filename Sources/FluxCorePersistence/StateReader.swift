import Foundation

/// Reads a state file into a value of the app's type, migrating an older
/// one, and decides what becomes of a file it cannot use: a damaged one is
/// moved aside; one that could not be read, or that a newer version saved,
/// stays where it is, and blocks writing until it is read.
struct StateReader<Value: Decodable>: Sendable {
  /// What a read gave.
  struct Outcome {
    /// The saved value, if the file was read.
    var value: Value?
    /// What was found.
    var restoration: Restoration
    /// Why nothing may be written over the file yet, if so: it is still
    /// there, not read, or not moved aside.
    var blocker: PersistenceError?
  }

  let file: StateFile
  let version: Int
  let migrations: [Migration]

  /// Reads the file, and moves it aside if its bytes are not a state.
  func read() -> Outcome {
    let data: Data
    switch file.read() {
    case .missing:
      return Outcome(restoration: .noFile)
    case .failed(let error):
      return Outcome(
        restoration: .notRead(error),
        blocker: PersistenceError(
          kind: error.kind, path: file.path,
          reason: "the saved state could not be read (\(error.reason)); it is kept, "
            + "and nothing is written over it until it is read"))
    case .bytes(let bytes):
      data = bytes
    }
    switch file.decode(data, as: Value.self, version: version, migrations: migrations) {
    case .success(let value, let savedBy):
      return Outcome(value: value, restoration: .restored(fromVersion: savedBy))
    case .newerVersion(let found):
      return Outcome(
        restoration: .newerVersion(found: found, known: version),
        blocker: PersistenceError(
          kind: .newerVersion(found: found, known: version), path: file.path,
          reason: "saved by a newer version (\(found)) than this app knows (\(version)); "
            + "it is kept, and not written over"))
    case .damaged(let reason):
      switch file.moveAside(because: reason) {
      case .success(let target):
        return Outcome(
          restoration: .unreadable(
            UnreadableFile(reason: reason, movedTo: URL(fileURLWithPath: target))))
      case .failure(let error):
        return Outcome(
          restoration: .unreadable(UnreadableFile(reason: reason, movedTo: nil)),
          blocker: PersistenceError(
            kind: error.kind, path: file.path,
            reason: "the file cannot be used (\(reason)), and \(error.reason); "
              + "it is not written over"))
      }
    }
  }
}

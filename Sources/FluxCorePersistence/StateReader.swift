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
  ///
  /// - Parameter attempts: How many more times to read it if another
  ///   process replaces it between the read and the move.
  /// - Returns: The value read, or why there is none, and what blocks
  ///   writing over the file, if anything.
  func read(attempts: Int = 3) -> Outcome {
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
      // Under the writers' lock, so that no other process replaces the
      // file meanwhile, and only if it still holds the bytes found damaged:
      // a good file that another process saved since the read is never
      // moved aside.
      var moved: Outcome?
      let lockError = file.whileLocked {
        if case .bytes(let now) = file.read(), now == data {
          moved = moveAside(because: reason)
        }
        return nil
      }
      if let lockError {
        return Outcome(
          restoration: .notRead(lockError),
          blocker: PersistenceError(
            kind: lockError.kind, path: file.path,
            reason: "the file looks damaged (\(reason)), but another process is writing it; "
              + "it is kept, and read again before anything is written over it"))
      }
      if let moved { return moved }
      // Replaced meanwhile: read what is there now.
      guard attempts > 0 else {
        let error = PersistenceError(
          kind: .locked, path: file.path,
          reason: "the file kept changing while it was read; it is kept, and read again "
            + "before anything is written over it")
        return Outcome(restoration: .notRead(error), blocker: error)
      }
      return read(attempts: attempts - 1)
    }
  }

  /// Moves the damaged file aside; the caller holds the writers' lock.
  private func moveAside(because reason: UnreadableFile.Reason) -> Outcome {
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

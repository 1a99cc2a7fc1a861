import FluxCoreDiagnostics
import Foundation

/// The file of a ``PersistentState``, and what is done to it: read and
/// migrate, write atomically and durably, move aside, lock.
///
/// Only POSIX calls that report errors touch it, so no failure traps.
struct StateFile: Sendable {
  let url: URL
  var path: String { url.path }
  var directory: String { url.deletingLastPathComponent().path }
  var name: String { url.lastPathComponent }
  /// The file whose advisory lock marks the one process that writes.
  var lockPath: String { path + ".lock" }
  /// The start of the names of temporary files, hidden beside the file.
  var temporaryPrefix: String { "." + name + ".tmp-" }

  // MARK: Reading

  /// What reading the file found.
  enum Contents {
    case missing
    case bytes(Data)
    case unreadable(String)
  }

  func read() -> Contents {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .unreadable(String(cString: strerror(errno)))
      }
      if count == 0 { return .bytes(data) }
      data.append(contentsOf: chunk[..<count])
    }
  }

  /// What decoding a state file gave.
  enum Decoded<Value> {
    /// The value, and the version that saved it.
    case success(Value, savedBy: Int)
    /// Why it cannot be read.
    case failure(UnreadableFile.Reason)
  }

  /// Decodes `data` as a state file of `version`, migrating an older one.
  ///
  /// - Returns: The value and the version it was saved by, or why it cannot
  ///   be read.
  func decode<Value: Decodable>(
    _ data: Data, as type: Value.Type, version: Int, migrations: [Migration]
  ) -> Decoded<Value> {
    guard !data.isEmpty else { return .failure(.empty) }
    // The usual case, a file of this version, in one pass; anything else
    // goes through the slower path below, which says what is wrong or
    // migrates.
    if let current = try? JSONDecoder().decode(SavedEnvelope<Value>.self, from: data),
      current.version == version
    {
      return .success(current.value, savedBy: version)
    }
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        return .failure(.notAStateFile("not a JSON object"))
      }
      object = parsed
    } catch {
      return .failure(.notAStateFile("not valid JSON: a torn or damaged file"))
    }
    guard let savedBy = object["version"] as? Int, let saved = object["value"] else {
      return .failure(.notAStateFile("no version and value"))
    }
    guard savedBy <= version else {
      return .failure(.newerVersion(found: savedBy, known: version))
    }
    guard
      var json = try? JSONSerialization.data(withJSONObject: saved, options: [.fragmentsAllowed])
    else {
      return .failure(.notAStateFile("an unreadable value"))
    }
    for step in savedBy..<version {
      guard let migration = migrations.first(where: { $0.fromVersion == step }) else {
        return .failure(.noMigration(from: step))
      }
      do {
        json = try migration.migrate(json)
      } catch {
        return .failure(.migrationFailed(from: step, "\(error)"))
      }
    }
    do {
      return .success(try JSONDecoder().decode(Value.self, from: json), savedBy: savedBy)
    } catch let error as DecodingError {
      return .failure(.wrongType(error.summary))
    } catch {
      return .failure(.wrongType("\(error)"))
    }
  }

  // MARK: Writing

  /// Replaces the file with `data`, atomically and durably: a temporary file
  /// beside it is written and flushed to disk, renamed over it, and the
  /// directory flushed, so that a crash at any instant leaves the old file or
  /// the new one, whole.
  ///
  /// - Returns: The error, or `nil`; on an error the old file is intact.
  func write(_ data: Data, attempt: Int) -> PersistenceError? {
    let temporary = "\(directory)/\(temporaryPrefix)\(getpid())-\(attempt)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .io("create \(temporary)", path) }
    var failure = writeAll(data, to: descriptor, path: temporary)
    if failure == nil, fsync(descriptor) != 0 { failure = .io("fsync", temporary) }
    if close(descriptor) != 0, failure == nil { failure = .io("close", temporary) }
    if failure == nil, rename(temporary, path) != 0 { failure = .io("rename", path) }
    if let failure {
      unlink(temporary)
      return failure
    }
    return syncDirectory()
  }

  private func writeAll(_ data: Data, to descriptor: Int32, path: String) -> PersistenceError? {
    data.withUnsafeBytes { buffer -> PersistenceError? in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return .io("write", path)
        }
        offset += written
      }
      return nil
    }
  }

  /// Flushes the directory, so that the rename itself is on disk.
  private func syncDirectory() -> PersistenceError? {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .io("open the directory", directory) }
    defer { close(descriptor) }
    // Some file systems cannot sync a directory (EINVAL): the rename is as
    // durable as they make it.
    if fsync(descriptor) != 0, errno != EINVAL { return .io("fsync the directory", directory) }
    return nil
  }

  /// Removes the temporary files that a process killed while writing left.
  ///
  /// Called with the lock held: no other process is writing one now.
  func removeLeftTemporaryFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(temporaryPrefix) {
      unlink("\(directory)/\(name)")
    }
  }

  // MARK: Moving aside

  /// Moves the file beside itself, under a name no file has, that says why:
  /// `state.json.unreadable-empty-20261123-093000`.
  ///
  /// - Returns: Where it went, or `nil` if it could not be moved.
  func moveAside(because reason: UnreadableFile.Reason) -> URL? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let base = "\(path).unreadable-\(reason.slug)-\(formatter.string(from: Date()))"
    for attempt in 0..<1_000 {
      let target = attempt == 0 ? base : "\(base)-\(attempt)"
      // A link never replaces a file that exists; then the old name goes.
      if link(path, target) == 0 {
        unlink(path)
        return URL(fileURLWithPath: target)
      }
      if errno == EEXIST { continue }
      // No hard links here: rename, having checked the name is free.
      if access(target, F_OK) != 0, rename(path, target) == 0 {
        return URL(fileURLWithPath: target)
      }
      return nil
    }
    return nil
  }

  // MARK: The lock

  /// What taking the lock found.
  enum LockOutcome {
    /// The lock is this process's, through this open descriptor.
    case held(Int32)
    /// Another process holds it.
    case heldElsewhere
    /// The lock file cannot be opened (no directory, no permission).
    case unavailable(PersistenceError)
  }

  /// Takes the advisory lock that marks the one process writing the file.
  func takeLock() -> LockOutcome {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .unavailable(.io("open", lockPath)) }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .held(descriptor) }
    let code = errno
    close(descriptor)
    return code == EWOULDBLOCK ? .heldElsewhere : .unavailable(.io("flock", lockPath, code))
  }
}

/// A state file as read: the version that saved it, and its value.
struct SavedEnvelope<Value: Decodable>: Decodable {
  let version: Int
  let value: Value
}

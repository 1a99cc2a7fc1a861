import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StateFile {
  /// Replaces the file with `data`, atomically and durably: a temporary file
  /// beside it is written and flushed to disk, renamed over it, and the
  /// directory flushed, so that a crash at any instant leaves the old file or
  /// the new one, whole.
  ///
  /// Call it holding the lock (``whileLocked(_:)``).
  ///
  /// - Returns: The error, or `nil`; on an error the old file is intact.
  func write(_ data: Data) -> PersistenceError? {
    // One name a process: its writes of this file are one at a time.
    let temporary = "\(directory)/\(temporaryPrefix)\(getpid())"
    let descriptor = operations.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .io("create \(temporary)", path) }
    var failure = writeAll(data, to: descriptor, path: temporary)
    if failure == nil, operations.sync(descriptor) != 0 { failure = .io("fsync", temporary) }
    if operations.close(descriptor) != 0, failure == nil { failure = .io("close", temporary) }
    if failure == nil, operations.rename(temporary, path) != 0 { failure = .io("rename", path) }
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
        let written = operations.write(
          descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
        if written < 0 {
          let code = errno
          if code == EINTR { continue }
          return .io("write", path, code)
        }
        offset += written
      }
      return nil
    }
  }

  /// Flushes the directory, so that the rename itself is on disk.
  private func syncDirectory() -> PersistenceError? {
    let descriptor = operations.open(directory, O_RDONLY | O_CLOEXEC, 0)
    guard descriptor >= 0 else { return .io("open the directory", directory) }
    defer { _ = operations.close(descriptor) }
    // Some file systems cannot sync a directory (EINVAL): the rename is as
    // durable as they make it.
    if operations.sync(descriptor) != 0, errno != EINVAL {
      return .io("fsync the directory", directory)
    }
    return nil
  }

  /// Removes the temporary files that a process killed while writing left.
  ///
  /// Call it holding the lock: no other process is writing one then.
  func removeLeftTemporaryFiles() {
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if entryName.hasPrefix(temporaryPrefix) { unlink("\(directory)/\(entryName)") }
    }
  }

  // MARK: The lock

  /// Runs `body` holding the advisory lock (`flock`) that marks the one
  /// process writing the file, and gives the lock back.
  ///
  /// The lock is held only while writing, never waited for: if another
  /// process holds it (it is writing the same file now), this write fails
  /// with ``PersistenceError/Kind/locked`` and is tried again later.
  ///
  /// - Returns: The error of taking the lock, or what `body` returns.
  func whileLocked(_ body: () -> PersistenceError?) -> PersistenceError? {
    let descriptor = operations.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .io("open", lockPath) }
    defer { _ = operations.close(descriptor) }
    guard operations.lock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      guard code == EWOULDBLOCK else { return .io("flock", lockPath, code) }
      return PersistenceError(
        kind: .locked, path: path,
        reason: "another process is writing this file now (it holds \(lockPath))")
    }
    defer { _ = operations.lock(descriptor, LOCK_UN) }
    return body()
  }
}

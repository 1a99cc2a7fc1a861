import Foundation

/// Where the lines of a recording go: a file, written with POSIX calls that
/// report every error instead of trapping, or a closure.
enum RecordingSink: Sendable {
  /// A file open for writing; closed when the recording ends.
  case file(descriptor: Int32, path: String)
  /// A closure that takes each line, without its newline.
  case lines(@Sendable (String) -> Void)

  /// Opens `url` for writing, replacing what it held.
  ///
  /// Accepts a regular file, or a character device such as `/dev/null`.
  /// Refuses anything else at once, without waiting: a pipe (whose `open`
  /// would wait for a reader, and whose reader could go away and make a
  /// write send the process a signal), a socket, a directory, a block
  /// device. The file is opened non-blocking and checked again once open, so
  /// that a pipe put in its place meanwhile is refused too; writes to a
  /// device never wait either (one that would fails, and is reported).
  static func file(at url: URL) throws(RecordingError) -> RecordingSink {
    let path = url.path
    var status = stat()
    if stat(path, &status) == 0 {
      try refuseUnlessWritable(status.st_mode & S_IFMT, path)
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      // ENXIO: a pipe with no reader, put there since the check above.
      if code == ENXIO {
        throw RecordingError(path: path, reason: "is not a regular file (a pipe)")
      }
      throw RecordingError(path: path, operation: "open", code: code)
    }
    do throws(RecordingError) {
      let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
      try refuseUnlessWritable(kind, path)
      if kind == S_IFREG, ftruncate(descriptor, 0) != 0 {
        throw RecordingError(path: path, operation: "truncate", code: errno)
      }
    } catch {
      Foundation.close(descriptor)
      throw error
    }
    return .file(descriptor: descriptor, path: path)
  }

  /// Throws unless a file of `kind` (`st_mode & S_IFMT`) is one to record
  /// to: a regular file or a character device.
  private static func refuseUnlessWritable(_ kind: mode_t, _ path: String) throws(RecordingError) {
    let what: String
    switch kind {
    case S_IFREG, S_IFCHR: return
    case S_IFIFO: what = "a pipe"
    case S_IFSOCK: what = "a socket"
    case S_IFDIR: what = "a directory"
    case S_IFBLK: what = "a block device"
    default: what = "of an unknown kind"
    }
    throw RecordingError(path: path, reason: "is not a regular file (\(what))")
  }

  /// Writes `bytes` whole, retrying short writes and interruptions.
  ///
  /// - Returns: How many of the bytes reached the file (all of them, unless
  ///   a write failed part-way, as on a full disk), and the error, if any.
  func write(_ bytes: [UInt8]) -> (written: Int, error: RecordingError?) {
    guard case .file(let descriptor, let path) = self, !bytes.isEmpty else {
      return (bytes.count, nil)
    }
    return bytes.withUnsafeBytes { buffer -> (Int, RecordingError?) in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return (offset, RecordingError(path: path, operation: "write", code: errno))
        }
        offset += written
      }
      return (offset, nil)
    }
  }

  /// Cuts a file back to its first `length` bytes: to drop a line that a
  /// failed write left torn.
  ///
  /// - Returns: The error, or `nil`.
  func truncate(to length: Int) -> RecordingError? {
    guard case .file(let descriptor, let path) = self else { return nil }
    while ftruncate(descriptor, off_t(length)) != 0 {
      if errno == EINTR { continue }
      return RecordingError(path: path, operation: "truncate", code: errno)
    }
    return nil
  }

  /// Flushes a file to its storage and closes it.
  ///
  /// - Returns: The error, or `nil`.
  func close() -> RecordingError? {
    guard case .file(let descriptor, let path) = self else { return nil }
    defer { Foundation.close(descriptor) }
    if fsync(descriptor) != 0, errno != EINVAL {  // EINVAL: a device that cannot sync
      return RecordingError(path: path, operation: "fsync", code: errno)
    }
    return nil
  }
}

/// Why a recording could not be started or written: the file, and what
/// went wrong.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path.
  public let path: String
  /// What went wrong, in words.
  public let reason: String

  /// Creates an error for `path`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - reason: What went wrong.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  init(path: String, operation: String, code: Int32) {
    self.init(path: path, reason: "\(operation) failed: \(String(cString: strerror(code)))")
  }

  /// The error as `path: reason`.
  public var description: String {
    "\(path): \(reason)"
  }
}

import FluxCore
import FluxCorePersistence
import Foundation

/// The system calls a state makes on its file, recorded in order, by the
/// name of the file each concerns; and a read fault to inject.
///
/// Names are the file's name in its directory (`dir` for the directory
/// itself), with this process's id as `PID`: `open .state.json.tmp-PID`.
final class RecordedCalls: Sendable {
  private struct State: Sendable {
    var calls: [String] = []
    var names: [Int32: String] = [:]
    var readFault: Int32?
  }

  private let state = Lock(State())
  private let directory: String

  init(in directory: TemporaryDirectory) {
    self.directory = directory.url.standardizedFileURL.path
  }

  /// The calls so far.
  var calls: [String] {
    state.withLock { $0.calls }
  }

  /// Forgets the calls so far.
  func clear() {
    state.withLock { $0.calls.removeAll() }
  }

  /// Makes every read of a file fail with `code` (`EIO`, say), or, with
  /// `nil`, succeed again.
  func failReads(with code: Int32?) {
    state.withLock { $0.readFault = code }
  }

  private func name(of path: String) -> String {
    let name = path == directory ? "dir" : URL(fileURLWithPath: path).lastPathComponent
    return name.replacingOccurrences(of: "\(getpid())", with: "PID")
  }

  /// Records `call` on the file of `descriptor`, keeping `errno` as the
  /// call left it.
  private func record(_ call: String, _ descriptor: Int32) {
    let code = errno
    state.withLock { $0.calls.append("\(call) \($0.names[descriptor] ?? "?")") }
    errno = code
  }

  /// The system's calls, each recorded.
  var operations: FileOperations {
    let posix = FileOperations.posix
    return FileOperations(
      open: { [self] path, flags, mode in
        let descriptor = posix.open(path, flags, mode)
        let code = errno
        state.withLock {
          $0.calls.append("open \(name(of: path))")
          if descriptor >= 0 { $0.names[descriptor] = name(of: path) }
        }
        errno = code
        return descriptor
      },
      read: { [self] descriptor, buffer in
        record("read", descriptor)
        if let fault = state.withLock({ $0.readFault }) {
          errno = fault
          return -1
        }
        return posix.read(descriptor, buffer)
      },
      write: { [self] descriptor, bytes in
        record("write", descriptor)
        return posix.write(descriptor, bytes)
      },
      sync: { [self] descriptor in
        record("sync", descriptor)
        return posix.sync(descriptor)
      },
      rename: { [self] from, to in
        let result = posix.rename(from, to)
        let code = errno
        state.withLock { $0.calls.append("rename \(name(of: from)) \(name(of: to))") }
        errno = code
        return result
      },
      close: { [self] descriptor in
        record("close", descriptor)
        return posix.close(descriptor)
      },
      lock: { [self] descriptor, operation in
        record(operation == LOCK_UN ? "unlock" : "lock", descriptor)
        return posix.lock(descriptor, operation)
      })
  }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file of a ``PersistentState``, and what is done to it: read, write
/// atomically and durably, move aside, lock while writing.
///
/// Only POSIX calls that report errors touch it, through
/// ``FileOperations``, so that no failure traps and a test can see each
/// call.
struct StateFile: Sendable {
  /// The file's path, standardized.
  let path: String
  /// The directory it is in.
  let directory: String
  /// Its name in the directory.
  let name: String
  /// The system calls it is read, written and locked with.
  let operations: FileOperations

  init(url: URL, operations: FileOperations) {
    let standard = url.standardizedFileURL
    path = standard.path
    directory = standard.deletingLastPathComponent().path
    name = standard.lastPathComponent
    self.operations = operations
  }

  /// The file whose advisory lock marks the one process writing, while it
  /// writes.
  var lockPath: String { path + ".lock" }
  /// The start of the names of temporary files, hidden beside the file.
  var temporaryPrefix: String { "." + name + ".tmp-" }

  /// Creates the file's directory and those above it, as `mkdir -p` does;
  /// a failure shows at the first write.
  func createDirectory() {
    var prefix = ""
    for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/" + component
      _ = mkdir(prefix, 0o755)
    }
  }

  // MARK: Reading

  /// What reading the file found.
  enum Contents {
    /// There is no file.
    case missing
    /// The file's bytes, all of them.
    case bytes(Data)
    /// The file is there, or may be, and could not be opened or read.
    case failed(PersistenceError)
  }

  /// Reads the whole file.
  func read() -> Contents {
    let descriptor = operations.open(path, O_RDONLY | O_CLOEXEC, 0)
    guard descriptor >= 0 else {
      let code = errno
      return code == ENOENT ? .missing : .failed(.io("open", path, code))
    }
    defer { _ = operations.close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { operations.read(descriptor, $0) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        return .failed(.io("read", path, code))
      }
      if count == 0 { return .bytes(data) }
      data.append(contentsOf: chunk[..<count])
    }
  }
}

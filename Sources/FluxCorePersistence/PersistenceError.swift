#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why state could not be saved or read, as a value the app can show.
///
/// ```swift
/// state.saveError.subscribe { error in
///   if let error { banner.show("Your changes are not saved: \(error)") }
/// }
/// ```
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// The file is already open in this process (another
    /// ``PersistentState`` of it lives), or another process is writing it
    /// at this moment (it holds the file's lock).
    case locked
    /// A file operation failed: the system's error number.
    case io(errno: Int32)
    /// The state could not be encoded.
    case encoding
    /// The file was saved by a newer version of the app, `found`, than this
    /// one knows, `known`: it is kept, and not written over.
    case newerVersion(found: Int, known: Int)
    /// The state was closed (``PersistentState/close()``): a change made
    /// since is not saved.
    case closed
  }

  /// What kind of failure it is.
  public let kind: Kind
  /// The file concerned.
  public let path: String
  /// What failed, in words.
  public let reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What kind of failure it is.
  ///   - path: The file concerned.
  ///   - reason: What failed, in words.
  public init(kind: Kind, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  /// An error of a file operation, with the system's words for `code`.
  static func io(_ operation: String, _ path: String, _ code: Int32 = errno) -> PersistenceError {
    PersistenceError(
      kind: .io(errno: code), path: path,
      reason: "\(operation) failed: \(String(cString: strerror(code)))")
  }

  /// The error of a change made after the state of `path` was closed.
  static func closed(_ path: String) -> PersistenceError {
    PersistenceError(
      kind: .closed, path: path, reason: "changed after close(): this change is not saved")
  }

  /// The error as `path: reason`.
  public var description: String {
    "\(path): \(reason)"
  }
}

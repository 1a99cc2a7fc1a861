#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why state could not be saved or opened, as a value the app can show.
///
/// ```swift
/// state.saveError.subscribe { error in
///   if let error { banner.show("Your changes are not saved: \(error)") }
/// }
/// ```
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// Another process holds the file's lock: it saves to the same file.
    case locked
    /// A file operation failed: the system's error number.
    case io(errno: Int32)
    /// The state could not be encoded.
    case encoding
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

  /// The error as `path: reason`.
  public var description: String {
    "\(path): \(reason)"
  }
}

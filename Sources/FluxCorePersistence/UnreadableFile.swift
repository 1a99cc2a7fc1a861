import Foundation

/// A state file whose bytes were read and are not a state the app can use,
/// and where it was moved, so that nothing the user saved is lost or
/// overwritten.
public struct UnreadableFile: Sendable, Equatable, CustomStringConvertible {
  /// Why a state file's bytes cannot be used.
  public enum Reason: Sendable, Equatable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// The file is not a state file: not JSON (a torn or corrupted file),
    /// or JSON without a version.
    case notAStateFile(String)
    /// No migration carries the file's version forward.
    case noMigration(from: Int)
    /// A migration threw.
    case migrationFailed(from: Int, String)
    /// The saved value is not of the type the app expects.
    case wrongType(String)

    /// A few words, for the name the file is moved to.
    var slug: String {
      switch self {
      case .empty: "empty"
      case .notAStateFile: "not-a-state-file"
      case .noMigration: "no-migration"
      case .migrationFailed: "migration-failed"
      case .wrongType: "wrong-type"
      }
    }

    /// The reason, in words.
    public var description: String {
      switch self {
      case .empty: "the file is empty"
      case .notAStateFile(let detail): "not a state file (\(detail))"
      case .noMigration(let version): "no migration from version \(version)"
      case .migrationFailed(let version, let detail):
        "the migration from version \(version) failed: \(detail)"
      case .wrongType(let detail): "the saved value is not of the expected type (\(detail))"
      }
    }
  }

  /// Why it cannot be used.
  public let reason: Reason
  /// Where it was moved; `nil` if even that failed, in which case it is
  /// where it was, nothing is written over it, and moving it is tried again
  /// before each write.
  public let movedTo: URL?

  /// The file's fate, in words.
  public var description: String {
    "\(reason); "
      + (movedTo.map { "moved to \($0.path)" } ?? "left where it was, and not overwritten")
  }
}

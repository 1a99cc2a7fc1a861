import Foundation

/// What a ``PersistentState`` found when it opened its file: what the app
/// starts with, and, for a file it could not read, why and where it went.
public enum Restoration: Sendable, Equatable, CustomStringConvertible {
  /// There was no file: the state starts from its default.
  case noFile
  /// The saved state was read, migrated first if it was saved by an older
  /// version.
  case restored(fromVersion: Int)
  /// The file could not be read: it was moved aside, untouched, and the
  /// state starts from its default.
  case unreadable(UnreadableFile)

  /// What happened, in one sentence.
  public var description: String {
    switch self {
    case .noFile: "no saved state"
    case .restored(let version): "restored (saved by version \(version))"
    case .unreadable(let file): "\(file)"
    }
  }
}

/// A state file that could not be read, and where it was moved, so that
/// nothing the user saved is lost or overwritten.
public struct UnreadableFile: Sendable, Equatable, CustomStringConvertible {
  /// Why a state file could not be read.
  public enum Reason: Sendable, Equatable, CustomStringConvertible {
    /// The file is empty.
    case empty
    /// The file is not a state file: not JSON (a torn or corrupted file),
    /// or JSON without a version.
    case notAStateFile(String)
    /// A newer version of the app saved it; this one knows up to `known`.
    case newerVersion(found: Int, known: Int)
    /// No migration carries the file's version forward.
    case noMigration(from: Int)
    /// A migration threw.
    case migrationFailed(from: Int, String)
    /// The saved value is not of the type the app expects.
    case wrongType(String)
    /// The file could not be read at all.
    case unreadable(String)

    /// A few words, for the name the file is moved to.
    var slug: String {
      switch self {
      case .empty: "empty"
      case .notAStateFile: "not-a-state-file"
      case .newerVersion: "newer-version"
      case .noMigration: "no-migration"
      case .migrationFailed: "migration-failed"
      case .wrongType: "wrong-type"
      case .unreadable: "unreadable"
      }
    }

    /// The reason, in words.
    public var description: String {
      switch self {
      case .empty: "the file is empty"
      case .notAStateFile(let detail): "not a state file (\(detail))"
      case .newerVersion(let found, let known):
        "saved by a newer version (\(found)) than this app knows (\(known))"
      case .noMigration(let version): "no migration from version \(version)"
      case .migrationFailed(let version, let detail):
        "the migration from version \(version) failed: \(detail)"
      case .wrongType(let detail): "the saved value is not of the expected type (\(detail))"
      case .unreadable(let detail): "the file cannot be read (\(detail))"
      }
    }
  }

  /// Why it could not be read.
  public let reason: Reason
  /// Where it was moved; `nil` if even that failed, in which case it is
  /// where it was, and nothing will be saved over it.
  public let movedTo: URL?

  /// The file's fate, in words.
  public var description: String {
    "\(reason); "
      + (movedTo.map { "moved to \($0.path)" } ?? "left where it was, and not overwritten")
  }
}

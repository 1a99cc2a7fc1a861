import Foundation

/// One step of a state file's migrations: from the state saved by one
/// version to the state of the next, as a plain function.
///
/// ```swift
/// struct SettingsV1: Codable { var theme: String }
/// struct SettingsV2: Codable { var theme: String; var fontSize: Int }
/// struct Settings: Codable { var theme: Theme; var fontSize: Int }   // version 3
///
/// let settings = try PersistentState(
///   file: url, version: 3,
///   migrations: [
///     .from(1) { (old: SettingsV1) in SettingsV2(theme: old.theme, fontSize: 14) },
///     .from(2) { (old: SettingsV2) in Settings(theme: Theme(old.theme), fontSize: old.fontSize) },
///   ],
///   default: Settings())
/// ```
///
/// A file saved by version 1 goes through both steps, in order; one saved by
/// version 2 through the second.
public struct Migration: Sendable {
  /// The version whose state it reads; it produces that of the next one.
  public let fromVersion: Int
  /// Decodes the old state from JSON, migrates it, and encodes the new one.
  let migrate: @Sendable (Data) throws -> Data

  /// A step from the state saved by `version`, of type `Old`, to that of
  /// version `version + 1`, of type `New`.
  ///
  /// - Parameters:
  ///   - version: The version whose state `migrate` reads.
  ///   - migrate: Makes the next version's state from the old one; it may
  ///     throw, and then the file is kept, moved aside, with the error.
  /// - Returns: The step.
  public static func from<Old: Decodable & Sendable, New: Encodable & Sendable>(
    _ version: Int, _ migrate: @escaping @Sendable (Old) throws -> New
  ) -> Migration {
    Migration(fromVersion: version) { data in
      let old = try JSONDecoder().decode(Old.self, from: data)
      return try JSONEncoder().encode(migrate(old))
    }
  }
}

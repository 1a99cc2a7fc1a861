import FluxCoreDiagnostics
import Foundation

extension StateFile {
  /// What decoding a state file gave.
  enum Decoded<Value> {
    /// The value, and the version that saved it.
    case success(Value, savedBy: Int)
    /// A newer version of the app saved it: this one cannot know what it
    /// holds.
    case newerVersion(found: Int)
    /// The bytes are not a state this app can use.
    case damaged(UnreadableFile.Reason)
  }

  /// Decodes `data` as a state file of `version`, migrating an older one.
  ///
  /// - Returns: The value and the version it was saved by, or why it cannot
  ///   be used.
  func decode<Value: Decodable>(
    _ data: Data, as type: Value.Type, version: Int, migrations: [Migration]
  ) -> Decoded<Value> {
    guard !data.isEmpty else { return .damaged(.empty) }
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
        return .damaged(.notAStateFile("not a JSON object"))
      }
      object = parsed
    } catch {
      return .damaged(.notAStateFile("not valid JSON: a torn or damaged file"))
    }
    guard let savedBy = object["version"] as? Int, let saved = object["value"] else {
      return .damaged(.notAStateFile("no version and value"))
    }
    guard savedBy <= version else { return .newerVersion(found: savedBy) }
    guard
      var json = try? JSONSerialization.data(withJSONObject: saved, options: [.fragmentsAllowed])
    else {
      return .damaged(.notAStateFile("an unreadable value"))
    }
    for step in savedBy..<version {
      guard let migration = migrations.first(where: { $0.fromVersion == step }) else {
        return .damaged(.noMigration(from: step))
      }
      do {
        json = try migration.migrate(json)
      } catch {
        return .damaged(.migrationFailed(from: step, "\(error)"))
      }
    }
    do {
      return .success(try JSONDecoder().decode(Value.self, from: json), savedBy: savedBy)
    } catch let error as DecodingError {
      return .damaged(.wrongType(error.summary))
    } catch {
      return .damaged(.wrongType("\(error)"))
    }
  }
}

/// A state file as read: the version that saved it, and its value.
struct SavedEnvelope<Value: Decodable>: Decodable {
  let version: Int
  let value: Value
}

/// What a state file holds: the version of the state's shape, and the state.
struct Envelope<Value: Encodable>: Encodable {
  let version: Int
  let value: Value
}

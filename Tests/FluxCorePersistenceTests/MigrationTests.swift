import FluxCore
import FluxCorePersistence
import Foundation
import Testing

/// The shapes of one state across three versions of an app.
struct ProfileV1: Codable, Sendable {
  var name: String
}

struct ProfileV2: Codable, Sendable {
  var firstName: String
  var lastName: String
}

struct Profile: Codable, Sendable, Equatable {
  var firstName: String
  var lastName: String
  var initials: String
}

/// A file saved by an older version is carried forward, step by step, by
/// the migrations the app gives, and saved in the new shape on the next
/// write.
@Suite struct MigrationTests {
  private let migrations: [Migration] = [
    .from(1) { (old: ProfileV1) in
      let parts = old.name.split(separator: " ", maxSplits: 1).map(String.init)
      return ProfileV2(firstName: parts.first ?? "", lastName: parts.dropFirst().first ?? "")
    },
    .from(2) { (old: ProfileV2) in
      Profile(
        firstName: old.firstName, lastName: old.lastName,
        initials: "\(old.firstName.prefix(1))\(old.lastName.prefix(1))")
    },
  ]

  @Test func aVersionOneFileMigratesThroughTwoToThree() throws {
    let directory = TemporaryDirectory()
    try Data(#"{"value":{"name":"Ada Lovelace"},"version":1}"#.utf8).write(to: directory.file())

    let profile = try PersistentState(
      file: directory.file(), version: 3, migrations: migrations,
      default: Profile(firstName: "", lastName: "", initials: ""))

    #expect(profile.restoration == .restored(fromVersion: 1))
    #expect(profile.value == Profile(firstName: "Ada", lastName: "Lovelace", initials: "AL"))
  }

  @Test func aVersionTwoFileTakesOnlyTheLastStep() throws {
    let directory = TemporaryDirectory()
    try Data(#"{"value":{"firstName":"Grace","lastName":"Hopper"},"version":2}"#.utf8)
      .write(to: directory.file())

    let profile = try PersistentState(
      file: directory.file(), version: 3, migrations: migrations,
      default: Profile(firstName: "", lastName: "", initials: ""))

    #expect(profile.restoration == .restored(fromVersion: 2))
    #expect(profile.value.initials == "GH")
  }

  @Test func theNextWriteSavesTheNewShapeAndVersion() throws {
    let directory = TemporaryDirectory()
    try Data(#"{"value":{"name":"Ada Lovelace"},"version":1}"#.utf8).write(to: directory.file())
    let profile = try PersistentState(
      file: directory.file(), version: 3, migrations: migrations,
      default: Profile(firstName: "", lastName: "", initials: ""))

    profile.variable.update { $0.lastName = "King" }
    try profile.flush()

    let saved = try JSONDecoder().decode(
      SavedFile<Profile>.self, from: contents(of: directory.file()))
    #expect(saved.version == 3)
    #expect(saved.value == Profile(firstName: "Ada", lastName: "King", initials: "AL"))
  }
}

import FluxCore
import FluxCorePersistence
import Foundation
import Testing

/// A file whose bytes were read and are not a state is moved aside, its
/// bytes unchanged, and the app is told why and where, as a value; the
/// state starts from its default and later writes go to a new file.
@Suite struct DamagedFileTests {
  /// Writes `bytes` as the state file, opens it, and checks what happened.
  private func open(
    _ bytes: Data, version: Int = 2, migrations: [Migration] = [],
    expecting reason: UnreadableFile.Reason
  ) throws {
    let directory = TemporaryDirectory()
    try bytes.write(to: directory.file())

    let state = try PersistentState(
      file: directory.file(), version: version, migrations: migrations, default: Settings())

    guard case .unreadable(let unreadable) = state.restoration else {
      Issue.record("expected the file to be unreadable, found \(state.restoration)")
      return
    }
    #expect(unreadable.reason == reason)
    let moved = try #require(unreadable.movedTo)
    #expect(moved.lastPathComponent.hasPrefix("state.json.unreadable-\(slug(reason))-"))
    #expect(
      moved.lastPathComponent.wholeMatch(of: /state\.json\.unreadable-[a-z-]+-\d{8}-\d{6}/) != nil)
    #expect(try contents(of: moved) == bytes, "the saved bytes changed")
    #expect(state.value == Settings())
    #expect(!FileManager.default.fileExists(atPath: directory.file().path))

    // A later write makes a new file, and leaves the moved one alone.
    state.variable.value = Settings(theme: "new", fontSize: 10)
    try state.flush()
    #expect(try contents(of: moved) == bytes)
    #expect(try savedValue(in: directory.file(), as: Settings.self).theme == "new")
  }

  private func slug(_ reason: UnreadableFile.Reason) -> String {
    switch reason {
    case .empty: "empty"
    case .notAStateFile: "not-a-state-file"
    case .noMigration: "no-migration"
    case .migrationFailed: "migration-failed"
    case .wrongType: "wrong-type"
    }
  }

  private let whole = Data(#"{"value":{"fontSize":16,"theme":"dark"},"version":2}"#.utf8)

  @Test func anEmptyFileIsMovedAside() throws {
    try open(Data(), expecting: .empty)
  }

  @Test func aTruncatedFileIsMovedAside() throws {
    try open(
      whole.prefix(whole.count / 2),
      expecting: .notAStateFile("not valid JSON: a torn or damaged file"))
  }

  @Test func aCorruptedFileIsMovedAside() throws {
    var corrupted = whole
    corrupted[10] = 0xFF
    corrupted[11] = 0x00
    try open(corrupted, expecting: .notAStateFile("not valid JSON: a torn or damaged file"))
  }

  @Test func aFileOfAnotherTypeIsMovedAside() throws {
    try open(
      Data(#"{"value":[1,2,3],"version":2}"#.utf8),
      expecting: .wrongType("expected Dictionary<String, Any>"))
  }

  @Test func jsonThatIsNoStateFileIsMovedAside() throws {
    try open(Data(#"{"theme":"dark"}"#.utf8), expecting: .notAStateFile("no version and value"))
  }

  @Test func aFileWithNoMigrationToThisVersionIsMovedAside() throws {
    try open(
      Data(#"{"value":{"theme":"dark"},"version":0}"#.utf8),
      migrations: [.from(1) { (old: SettingsV1) in Settings(theme: old.theme, fontSize: 14) }],
      expecting: .noMigration(from: 0))
  }

  @Test func aMigrationThatThrowsMovesTheFileAside() throws {
    try open(
      Data(#"{"value":{"theme":"dark"},"version":1}"#.utf8),
      migrations: [.from(1) { (_: SettingsV1) -> Settings in throw RefusedMigration() }],
      expecting: .migrationFailed(from: 1, "RefusedMigration()"))
  }
}

struct SettingsV1: Codable, Sendable {
  var theme: String
}

struct RefusedMigration: Error {}

import FluxCorePersistence
import Foundation
import Testing

/// The state of a newer version of the app: a field this version does not
/// know.
struct SettingsV9: Codable, Sendable, Equatable {
  var theme = "light"
  var fontSize = 14
  var sync = false
}

/// A file saved by a newer version of the app is kept as it is: an older
/// version (a downgrade) never moves it aside or writes over it, so the
/// newer version, once back, finds what it saved.
@Suite struct NewerVersionTests {
  private let newer = Data(
    #"{"value":{"fontSize":16,"sync":true,"theme":"dark"},"version":9}"#.utf8)

  @Test func aFileOfANewerVersionSurvivesARunOfTheOlderApp() throws {
    let directory = TemporaryDirectory()
    try newer.write(to: directory.file())

    do {
      let older = try PersistentState(file: directory.file(), version: 2, default: Settings())
      older.variable.value = Settings(theme: "older", fontSize: 10)
      _ = try? older.flush()
    }
    let upgraded = try PersistentState(file: directory.file(), version: 9, default: SettingsV9())

    #expect(try contents(of: directory.file()) == newer)
    #expect(directory.names.filter { $0.contains("unreadable") } == [])
    #expect(upgraded.restoration == .restored(fromVersion: 9))
    #expect(upgraded.value == SettingsV9(theme: "dark", fontSize: 16, sync: true))
  }

  /// The older app is told, as values: the restoration, and the error of
  /// every write, which writes nothing.
  @Test func theOlderAppIsToldAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    try newer.write(to: directory.file())

    let older = try PersistentState(file: directory.file(), version: 2, default: Settings())
    older.variable.value = Settings(theme: "older", fontSize: 10)

    #expect(older.restoration == .newerVersion(found: 9, known: 2))
    #expect(older.value == Settings(theme: "older", fontSize: 10))
    #expect(throws: PersistenceError.self) { try older.flush() }
    #expect(older.saveError.value?.kind == .newerVersion(found: 9, known: 2))
    #expect(
      older.saveError.value?.reason
        == "saved by a newer version (9) than this app knows (2); it is kept, and not written over")
    #expect(try contents(of: directory.file()) == newer)
    #expect(older.saves.value == 0)
  }
}

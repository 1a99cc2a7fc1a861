import FluxCore
import FluxCorePersistence
import FluxCoreTesting
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

extension DamagedFileTests {
  /// The time in the name of a file moved aside is the time of the move, in
  /// UTC: its `yyyyMMdd-HHmmss` lies between a second before the state was
  /// opened and the moment after (the second of slack covers a system
  /// clock that reads a little behind Foundation's), so that its date is
  /// today's, month and all, even across midnight.
  @Test func theNameOfAFileMovedAsideSaysWhenInUTC() throws {
    let directory = TemporaryDirectory()
    try Data().write(to: directory.file())
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"

    let before = formatter.string(from: Date().addingTimeInterval(-1))
    let state = try PersistentState(file: directory.file(), default: 0)
    let after = formatter.string(from: Date())

    guard case .unreadable(let unreadable) = state.restoration else {
      Issue.record("expected the file to be unreadable, found \(state.restoration)")
      return
    }
    let name = try #require(unreadable.movedTo?.lastPathComponent)
    let stamp = try #require(name.wholeMatch(of: /state\.json\.unreadable-empty-(\d{8}-\d{6})/))
    let when = String(stamp.1)
    #expect(before <= when && when <= after, "\(name): not between \(before) and \(after)")
  }

  /// A damaged file is moved aside only if it still holds the bytes found
  /// damaged, checked under the writers' lock: here another process's save
  /// replaces it just as the lock is taken, and that good file is read and
  /// left in place, not moved aside.
  @Test func aGoodFileSavedOverADamagedOneBeforeTheMoveIsReadNotMovedAside() throws {
    let directory = TemporaryDirectory()
    let file = directory.file()
    let good = Data(#"{"value":42,"version":1}"#.utf8)
    try Data(#"{"value":4"#.utf8).write(to: file)
    let replaced = Lock(false)
    var operations = FileOperations.posix
    operations.lock = { descriptor, operation in
      let result = FileOperations.posix.lock(descriptor, operation)
      let isFirst =
        operation != LOCK_UN
        && replaced.withLock { done in
          defer { done = true }
          return !done
        }
      if isFirst { try? good.write(to: file, options: .atomic) }  // another process's save
      return result
    }

    let state = try PersistentState(
      file: file, clock: TestClock(), operations: operations, default: 0)

    #expect(replaced.withLock { $0 }, "the writers' lock was never taken")
    #expect(state.restoration == .restored(fromVersion: 1))
    #expect(state.value == 42)
    #expect((try? contents(of: file)) == good, "the good file is not where it was")
    #expect(directory.names.filter { $0.contains("unreadable") } == [])
  }
}

struct SettingsV1: Codable, Sendable {
  var theme: String
}

struct RefusedMigration: Error {}

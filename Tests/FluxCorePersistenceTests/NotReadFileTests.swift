import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// A file that could not be read (here: every read fails with EIO, as a
/// failing disk or a data-protected file does) is not damaged: it stays in
/// place, nothing is written over it, and once it reads, its value replaces
/// what was built on the default. (`ReadFaultTests` does the same with a
/// real fault: no free descriptor.)
@Suite struct NotReadFileTests {
  private let saved = Data(#"{"value":42,"version":1}"#.utf8)

  /// The state, opened while reads fail, and changed.
  private func openWhileReadsFail(
    _ directory: TemporaryDirectory, _ recorded: RecordedCalls
  ) throws -> PersistentState<Int> {
    try saved.write(to: directory.file())
    recorded.failReads(with: EIO)
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
      operations: recorded.operations, default: 0)
    state.variable.value = 7
    return state
  }

  @Test func aFileThatCannotBeReadIsKeptAndNotWrittenOver() throws {
    let directory = TemporaryDirectory()
    let recorded = RecordedCalls(in: directory)
    let state = try openWhileReadsFail(directory, recorded)

    #expect(throws: PersistenceError.self) { try state.flush() }

    guard case .notRead(let error) = state.restoration else {
      Issue.record("expected the file not to be read, found \(state.restoration)")
      return
    }
    #expect(error.kind == .io(errno: EIO))
    #expect(state.saveError.value?.kind == .io(errno: EIO))
    #expect(
      state.saveError.value?.reason
        == "the saved state could not be read (read failed: Input/output error); it is kept, "
        + "and nothing is written over it until it is read")
    #expect(try contents(of: directory.file()) == saved)
    #expect(directory.names == ["state.json"])
    #expect(!recorded.calls.contains { $0.hasPrefix("rename") })
  }

  @Test func reloadReadsTheFileOnceItCanAndRestoresItsValue() throws {
    let directory = TemporaryDirectory()
    let recorded = RecordedCalls(in: directory)
    let state = try openWhileReadsFail(directory, recorded)
    let values = TestRecorder(state.variable)

    let whileFailing = state.reload()
    recorded.failReads(with: nil)
    let once = state.reload()

    #expect(whileFailing.isNotRead, "\(whileFailing)")
    #expect(once == .restored(fromVersion: 1))
    #expect(state.restoration == .restored(fromVersion: 1))
    assertValues(values, equal: [7, 42])
    #expect(try contents(of: directory.file()) == saved)
  }

  /// `saveError` holds the read error only until the file reads: a flush
  /// that found the file unreadable shows it, and once a reload reads the
  /// file, the error is gone.
  @Test func reloadClearsTheReadErrorOnceTheFileReads() throws {
    let directory = TemporaryDirectory()
    let recorded = RecordedCalls(in: directory)
    let state = try openWhileReadsFail(directory, recorded)
    #expect(throws: PersistenceError.self) { try state.flush() }
    let whileFailing = state.saveError.value

    recorded.failReads(with: nil)
    let once = state.reload()

    #expect(whileFailing?.kind == .io(errno: EIO))
    #expect(once == .restored(fromVersion: 1))
    #expect(state.saveError.value == nil)
    #expect(state.value == 42)
  }

  /// Before each write, the file is read again: once it reads, the saved
  /// value replaces the state's, and nothing is written over it.
  @Test func aWriteReadsTheFileFirstAndRestoresItsValue() throws {
    let directory = TemporaryDirectory()
    let recorded = RecordedCalls(in: directory)
    let state = try openWhileReadsFail(directory, recorded)

    recorded.failReads(with: nil)
    try state.flush()

    #expect(state.value == 42)
    #expect(state.restoration == .restored(fromVersion: 1))
    #expect(state.saves.value == 0)
    #expect(try contents(of: directory.file()) == saved)
  }
}

extension Restoration {
  /// Whether the file could not be read.
  fileprivate var isNotRead: Bool {
    if case .notRead = self { true } else { false }
  }
}

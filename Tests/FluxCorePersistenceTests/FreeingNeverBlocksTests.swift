import Dispatch
import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Freeing a persistent state or history never blocks the freeing thread:
/// the final write finishes on the saver's own queue, a new state of the
/// same file waits for it, and `flush()` is what waits.
@Suite struct FreeingNeverBlocksTests {
  private let returnedLate =
    "the freeing thread waited for the final write (or took 10 s to return: the machine is too slow)"

  /// Whether freeing what `body` makes (a state saving with `operations`,
  /// changed and let go) waited for its final write, held meanwhile; the
  /// write is let go afterwards.
  private func freeingWaited(_ body: (FileOperations) throws -> Void) rethrows -> Bool {
    let held = HeldSync()
    try body(held.operations)
    let waited = held.timedOut
    held.release()
    return waited
  }

  @Test func freeingAPersistentStateReturnsWhileItsFinalWriteIsHeld() throws {
    let directory = TemporaryDirectory()

    let waited = try freeingWaited { operations in
      let saved = try PersistentState(
        file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
        operations: operations, default: "")
      saved.variable.value = "Dear Ada,"
    }
    let relaunched = try PersistentState(file: directory.file(), default: "")

    #expect(!waited, "\(returnedLate)")
    #expect(relaunched.value == "Dear Ada,")
  }

  @Test @MainActor func freeingOnTheMainThreadReturnsWhileTheFinalWriteIsHeld() throws {
    let directory = TemporaryDirectory()

    let waited = try freeingWaited { operations in
      let saved = try PersistentState(
        file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
        operations: operations, default: [Int](repeating: 7, count: 100_000))
      saved.variable.value[0] = 8
    }
    let relaunched = try PersistentState(file: directory.file(), default: [Int]())

    #expect(!waited, "\(returnedLate)")
    #expect(relaunched.value.first == 8)
  }

  @Test func freeingAPersistentHistoryReturnsWhileItsFinalWriteIsHeld() throws {
    let directory = TemporaryDirectory()

    let waited = try freeingWaited { operations in
      let notes = try PersistentHistory(
        file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
        operations: operations, default: "")
      notes.variable.value = "Dear Ada,"
    }
    let relaunched = try PersistentHistory(file: directory.file(), default: "")

    #expect(!waited, "\(returnedLate)")
    #expect(relaunched.variable.value == "Dear Ada,")
    #expect(relaunched.history.canUndo.value)
  }

  /// A state of the same file, made while the freed one's final write is
  /// held, waits for it and reads it: it neither fails as if the file were
  /// open nor reads what was there before.
  @Test func aNewStateOfTheFileWaitsForTheFreedOnesFinalWrite() async throws {
    let directory = TemporaryDirectory()
    let held = HeldSync()
    do {
      let saved = try PersistentState(
        file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
        operations: held.operations, default: "")
      saved.variable.value = "Dear Ada,"
    }

    let reopened = Task.detached { try PersistentState(file: directory.file(), default: "").value }
    held.release()

    #expect(try await reopened.value == "Dear Ada,")
  }

  @Test func openingAFileBeingClosedWaitsForTheCloseAndOpensIt() throws {
    let path = TemporaryDirectory().file().path
    let waited = Lock(0)
    openStateFiles.withLock { files in
      files[path] = .closing(waitUntilClosed: {
        waited.withLock { $0 += 1 }
        openStateFiles.withLock { _ = $0.removeValue(forKey: path) }  // the close is done
        return true
      })
    }

    let opened = openStateFile(path)
    let openAgain = openStateFile(path)
    openStateFiles.withLock { _ = $0.removeValue(forKey: path) }

    #expect(opened)
    #expect(!openAgain)  // open: a second state is refused
    #expect(waited.withLock { $0 } == 1)
  }

  /// `flush()` is what waits: it returns once the write is on disk.
  @Test func flushWaitsForTheWrite() throws {
    let directory = TemporaryDirectory()
    let held = HeldSync()
    let saved = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
      operations: held.operations, default: "")
    saved.variable.value = "Dear Ada,"

    let flushed = Lock(false)
    let flushing = Thread {
      try? saved.flush()
      flushed.withLock { $0 = true }
    }
    flushing.start()
    try #require(
      held.waitUntilHeld(), "no write reached the disk within 10 s: the machine is too slow")
    let beforeRelease = flushed.withLock { $0 }
    held.release()
    try saved.close()

    #expect(!beforeRelease)
    #expect(try savedValue(in: directory.file(), as: String.self) == "Dear Ada,")
  }
}

import FluxCore
import FluxCorePersistence
import Foundation
import TestSupport
import XCTest

/// Real faults, in real processes.
///
/// A writer killed with SIGKILL at random instants, a disk that is full for
/// one process, and a second process that writes the same file. The child is
/// `PersistenceWriter`, built beside the tests.
final class PersistenceFaultTests: XCTestCase {
  private var writer: String { builtProduct("PersistenceWriter").path }

  /// What the kill test saw, for its report.
  private struct Outcomes {
    var kills = 0
    var indices = Set<Int>()
    var temporaryFilesLeft = 0
  }

  /// A writer killed at 200 random instants (`FLUXCORE_KILL_ROUNDS`) leaves
  /// a whole file every time.
  ///
  /// A child writes states of 64 KiB in a tight loop, each with `flush()`,
  /// and is killed with SIGKILL at a random instant, 200 times over. After
  /// each kill, the file is whole: it decodes to one of the states written,
  /// never torn, never empty; and the next writer starts from it.
  func testAWriterKilledAtRandomInstantsLeavesAWholeStateEveryTime() throws {
    let directory = TemporaryDirectory()
    let file = directory.file()
    var random = SystemRandomNumberGenerator()
    var outcomes = Outcomes()
    var lastIndex = 0
    let rounds = killRounds(default: 200)

    for round in 0..<rounds {
      let child = try ChildProcess(writer, arguments: [file.path, "loop"], signalPipe: true)
      guard child.waitForSignal(timeout: .seconds(60)) else {
        child.kill()
        _ = child.wait(timeout: .seconds(10))
        return XCTFail("round \(round): the writer never became ready: \(child.output)")
      }
      // The fault: a kill at a random instant of the write loop.
      usleep(UInt32.random(in: 0...20_000, using: &random))
      child.kill(SIGKILL)
      XCTAssertEqual(child.wait(timeout: .seconds(10)), .signalled(SIGKILL), child.output)

      let bytes = try contents(of: file)
      XCTAssertFalse(bytes.isEmpty, "round \(round): the file is empty")
      let saved = try XCTUnwrap(
        try? JSONDecoder().decode(SavedFile<WrittenState>.self, from: bytes),
        "round \(round): the file is torn: \(bytes.prefix(200))")
      XCTAssertEqual(
        saved.value, WrittenState(index: saved.value.index),
        "round \(round): the state is not one that was written")
      XCTAssertGreaterThan(saved.value.index, lastIndex, "round \(round): a state was lost")
      lastIndex = saved.value.index
      outcomes.kills += 1
      outcomes.indices.insert(saved.value.index % 10)
      outcomes.temporaryFilesLeft +=
        directory.names.filter { $0.hasPrefix(".state.json.tmp-") }.count
    }

    XCTAssertEqual(outcomes.kills, rounds)
    print(
      "PersistenceFaultTests: \(outcomes.kills) kills, every file whole; "
        + "last state \(lastIndex); a temporary file left by \(outcomes.temporaryFilesLeft) "
        + "of the kills (removed by the next writer); final digits seen: \(outcomes.indices.sorted())"
    )
  }

  /// With the file-size limit lowered in the child (and SIGXFSZ ignored), a
  /// write larger than the limit fails: the error is reported, as a thrown
  /// error and as `saveError`, and the old file is intact.
  func testAFullDiskIsReportedAndTheOldFileIsIntact() throws {
    let directory = TemporaryDirectory()

    let child = try ChildProcess(writer, arguments: [directory.file().path, "full-disk"])
    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)

    let lines = child.output.split(separator: "\n").map(String.init)
    XCTAssertTrue(
      lines.contains { $0.hasPrefix("flush: ") && $0.contains("File too large") }, "\(lines)")
    XCTAssertTrue(lines.contains { $0.hasPrefix("saveError: ") && $0.contains("File too large") })
    let saved = try JSONDecoder().decode(
      SavedFile<WrittenState>.self, from: contents(of: directory.file()))
    XCTAssertEqual(saved.value, WrittenState(index: 1, size: 1_000))
    XCTAssertEqual(directory.names, ["state.json", "state.json.lock"])
  }

  /// A second process may open a file this one is saving to (an app and
  /// its extension share one), and save to it: the last write wins, whole.
  func testASecondProcessMayOpenAndSaveTheSameFile() throws {
    let directory = TemporaryDirectory()
    let state = try PersistentState(file: directory.file(), default: WrittenState(index: 7))
    state.variable.value = WrittenState(index: 8, size: 10)
    try state.flush()

    let child = try ChildProcess(writer, arguments: [directory.file().path, "try-open"])

    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)
    XCTAssertEqual(child.output, "opened: restored (saved by version 1); flush: ok\n")
    XCTAssertEqual(
      try savedValue(in: directory.file(), as: WrittenState.self), WrittenState(index: 9, size: 10))
  }

  /// Between writes, the lock is free: a process holds it only while it
  /// writes, never for the state's life (an iOS app suspended holding a
  /// lock in a shared container is killed).
  func testTheLockIsFreeBetweenWrites() throws {
    let directory = TemporaryDirectory()
    let state = try PersistentState(file: directory.file(), default: WrittenState(index: 1))
    state.variable.value = WrittenState(index: 2, size: 10)
    try state.flush()

    let child = try ChildProcess(writer, arguments: [directory.file().path, "try-lock"])

    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)
    XCTAssertEqual(child.output, "free\n")
    withExtendedLifetime(state) {}
  }

  /// While another process holds the lock (it is writing the same file), a
  /// write does not wait for it, and does not write: it fails with
  /// `.locked`, the file is as the other process left it, and once the lock
  /// is free the write is tried again, and succeeds.
  func testAWriteWhileAnotherProcessWritesIsRefusedAndTriedAgain() throws {
    let directory = TemporaryDirectory()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), default: WrittenState(index: 1))
    state.variable.value = WrittenState(index: 2, size: 10)
    try state.flush()
    let other = try ChildProcess(
      writer, arguments: [directory.file().path, "hold-lock"], signalPipe: true)
    XCTAssertTrue(other.waitForSignal(timeout: .seconds(60)), other.output)

    state.variable.value = WrittenState(index: 3, size: 10)
    XCTAssertThrowsError(try state.flush()) { error in
      XCTAssertEqual((error as? PersistenceError)?.kind, .locked)
      XCTAssertEqual(
        "\(error)",
        "\(directory.file().path): another process is writing this file now "
          + "(it holds \(directory.file().path).lock)")
    }
    let whileHeld = try savedValue(in: directory.file(), as: WrittenState.self)
    other.kill(SIGKILL)
    XCTAssertEqual(other.wait(timeout: .seconds(10)), .signalled(SIGKILL))
    try state.flush()

    XCTAssertEqual(whileHeld, WrittenState(index: 2, size: 10))
    XCTAssertEqual(
      try savedValue(in: directory.file(), as: WrittenState.self), WrittenState(index: 3, size: 10))
    XCTAssertEqual(state.saves.value, 2)
  }
}

/// The state `PersistenceWriter` writes (the same definition as there).
struct WrittenState: Codable, Sendable, Equatable {
  var index: Int
  var digits: String

  init(index: Int, size: Int = 1 << 16) {
    self.index = index
    digits = String(repeating: Character("\(index % 10)"), count: size)
  }
}

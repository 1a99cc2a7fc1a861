import FluxCorePersistence
import Foundation
import TestSupport
import XCTest

/// From the writer's queue, `flush()` and dropping the last reference work
/// as from any other thread.
///
/// The subscribers of `saves` and `saveError` run there. Each test runs in a
/// child, `PersistenceWriter`, so that a trap fails the test instead of
/// ending the test run.
final class WriterQueueTests: XCTestCase {
  private func run(_ mode: String, in directory: TemporaryDirectory) throws -> ChildProcess {
    let child = try ChildProcess(
      builtProduct("PersistenceWriter").path, arguments: [directory.file().path, mode])
    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)
    return child
  }

  /// A subscriber of `saves` changes the state and flushes: the nested
  /// write happens at once, on the same queue.
  func testFlushFromASubscriberOfSavesWritesAtOnce() throws {
    let directory = TemporaryDirectory()

    let child = try run("flush-from-saves", in: directory)

    XCTAssertEqual(
      child.output,
      """
      saves: 1; flush inside: ok
      saves: 2
      flush: ok
      file: {"value":2,"version":1}

      """)
  }

  /// A subscriber of `saveError` puts the missing directory back and
  /// flushes: the write is tried again at once, and succeeds.
  func testFlushFromASubscriberOfSaveErrorTriesAgainAtOnce() throws {
    let directory = TemporaryDirectory()
    let file = directory.url.appendingPathComponent("nested/state.json")

    let child = try ChildProcess(
      builtProduct("PersistenceWriter").path, arguments: [file.path, "flush-from-save-error"])

    XCTAssertEqual(child.wait(timeout: .seconds(60)), .exited(0), child.output)
    let lines = child.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "saveError: io(errno: \(ENOENT))", child.output)
    XCTAssertTrue(lines.contains("flush inside: ok"), child.output)
    XCTAssertTrue(lines.contains("saveError: none"), child.output)
    XCTAssertEqual(lines.last, #"file: {"value":1,"version":1}"#, child.output)
  }

  /// The last reference to a state, dropped on the writer's queue (in a
  /// subscriber of `saves`), frees it there: `close()` does not wait for
  /// the queue it runs on.
  func testDroppingTheLastReferenceOnTheWriterQueueFreesTheState() throws {
    let directory = TemporaryDirectory()

    let child = try run("drop-on-queue", in: directory)

    XCTAssertEqual(
      child.output,
      """
      saves: 1; dropping the last reference: true
      freed: true
      file: {"value":5,"version":1}

      """)
  }
}

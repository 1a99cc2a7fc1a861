import Dispatch
import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// A recording cannot hurt the app: every action sent is recorded whenever
/// its observer was taken, stopping races nothing, the buffer is bounded,
/// write errors are reported, not trapped, and an abandoned recording is
/// freed and finishes its file.
final class RecordingSafetyTests: XCTestCase {
  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-recording-\(UUID().uuidString).jsonl")
  }

  private func lines(of url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// Logging is decided at dispatch time: an action creator that keeps
  /// `let removed = dispatcher.removed` from before the recording started is
  /// recorded.
  func testAnActionSentThroughAnObserverTakenBeforeRecordingStartedIsInTheFile() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed

    let recording = try ActionRecording.start(dispatcher, writingTo: url, state: { 0 })
    removed.dispatch(7)
    let summary = recording.stop()

    let written = try lines(of: url)
    XCTAssertEqual(summary.actions, 1)
    XCTAssertEqual(written.count, 2)
    XCTAssertTrue(written[0].hasPrefix(#"{"label":"NotesDispatcher.removed","#), written[0])
    XCTAssertTrue(written[1].hasPrefix(#"{"summary":{"#), written[1])
  }

  /// A hundred threads dispatch while another stops the recording: nothing
  /// crashes, every action whose `dispatch` returned before `stop()` was
  /// called is in the file, every line is whole, and nothing is written
  /// after `stop()` returns.
  func testStopRacingAHundredDispatchingThreadsLosesNothingSentBeforeIt() throws {
    let threads = 100
    for round in 0..<6 {
      let url = temporaryFile()
      defer { try? FileManager.default.removeItem(at: url) }
      let dispatcher = NotesDispatcher()
      let removed = AnyObserverDispatcher(dispatcher).removed
      let recording = try ActionRecording.start(dispatcher, writingTo: url, state: { round })
      let returned = (0..<threads).map { _ in WorkerProgress() }
      let beforeStop = Lock<[Int]>([])
      let fileWhenStopped = Lock<Data?>(nil)

      runOnThreads(threads + 1) { thread in
        if thread < threads {
          for index in 0..<200 {
            removed.dispatch(thread * 1_000 + index)
            returned[thread].advance(to: index + 1)
          }
        } else {
          _ = returned[round * 17 % threads].wait(until: 1 + round * 37, timeout: .seconds(10))
          beforeStop.withLock { $0 = returned.map(\.step) }
          recording.stop()
          fileWhenStopped.withLock { $0 = FileManager.default.contents(atPath: url.path) }
        }
      }

      let written = try lines(of: url)
      XCTAssertEqual(
        FileManager.default.contents(atPath: url.path), fileWhenStopped.withLock { $0 })
      // Dropped now: the worker pool keeps its last job, and with it this
      // lock, until the process exits, where LeakSanitizer cannot follow the
      // tagged reference inside a large `Data` and reports its buffer.
      fileWhenStopped.withLock { $0 = nil }
      XCTAssertTrue(written.last?.hasPrefix(#"{"summary":"#) == true)
      var recorded = Set<Int>()
      for line in written.dropLast() {
        let object = try XCTUnwrap(
          JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        recorded.insert(try XCTUnwrap(object["value"] as? Int))
      }
      let counts = beforeStop.withLock { $0 }
      for thread in 0..<threads {
        for index in 0..<counts[thread] {
          XCTAssertTrue(
            recorded.contains(thread * 1_000 + index),
            "round \(round): thread \(thread)'s action \(index) returned before stop and is missing"
          )
        }
      }
      XCTAssertEqual(recording.summary.dropped, 0)
    }
  }

  /// When the writer cannot keep up, the buffer holds what it can; what
  /// does not fit is dropped and counted, and nothing blocks.
  func testActionsThatDoNotFitInTheBufferAreDroppedAndCounted() {
    let dispatcher = NotesDispatcher()
    let sink = BlockingLineSink()
    let recording = ActionRecording.start(
      dispatcher, bufferCapacity: 2, state: { 0 }, writingLinesTo: sink.writeLine)
    let removed = AnyObserverDispatcher(dispatcher).removed

    removed.dispatch(1)  // waits in the writer for the next one
    removed.dispatch(2)  // brings 1's state: 1 is written, and the writer blocks
    XCTAssertTrue(sink.waitUntilTheWriterIsBusy())
    removed.dispatch(3)  // buffered
    removed.dispatch(4)  // buffered: the buffer is full
    removed.dispatch(5)  // dropped
    sink.letTheWriterGo()
    let summary = recording.stop()

    XCTAssertEqual(summary.dropped, 1)
    XCTAssertEqual(summary.actions, 4)
    XCTAssertEqual(sink.actionLines, 4)
    XCTAssertFalse(summary.isComplete)
  }

  /// The default buffer drops nothing when one thread sends 100,000
  /// actions as fast as it can.
  func testTheDefaultBufferDropsNothingForAHundredThousandActionsSentAtOnce() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url) }
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed
    let recording = try ActionRecording.start(dispatcher, writingTo: url, state: { 1 })

    for value in 0..<100_000 { removed.dispatch(value) }
    let summary = recording.stop()

    XCTAssertEqual(summary.dropped, 0)
    XCTAssertEqual(summary.actions, 100_000)
    XCTAssertNil(summary.error)
  }

  /// A write that fails (here: a device that is always full) is reported by
  /// `stop()`; nothing traps, and nothing more is attempted after it.
  func testAWriteErrorIsReportedByStopNotTrapped() throws {
    let dispatcher = NotesDispatcher()
    let recording = try ActionRecording.start(
      dispatcher, writingTo: URL(fileURLWithPath: "/dev/full"), state: { 0 })

    for value in 0..<10 { AnyObserverDispatcher(dispatcher).removed.dispatch(value) }
    let summary = recording.stop()
    let again = recording.stop()

    XCTAssertEqual(summary.error, "/dev/full: write failed: No space left on device")
    XCTAssertEqual(again, summary)
  }

  func testAFileThatCannotBeOpenedIsAnErrorFromStart() {
    let url = URL(fileURLWithPath: "/nonexistent-directory/session.jsonl")

    XCTAssertThrowsError(try ActionRecording.start(writingTo: url)) { error in
      XCTAssertEqual(
        "\(error)", "/nonexistent-directory/session.jsonl: open failed: No such file or directory")
    }
  }

  /// A recording nobody keeps is freed, and finishes its file.
  func testAnAbandonedRecordingIsFreedAndFinishesItsFile() async throws {
    let dispatcher = NotesDispatcher()
    let lines = TestRecorder<String>()
    weak var abandoned: ActionRecording?
    do {
      let recording = ActionRecording.start(
        dispatcher, state: { 3 }, writingLinesTo: lines.handler)
      abandoned = recording
      AnyObserverDispatcher(dispatcher).removed.dispatch(1)
    }

    XCTAssertNil(abandoned)
    let written = try await lines.waitForValues(count: 2)
    XCTAssertTrue(written[0].hasSuffix(#","state":3}"#), written[0])
    XCTAssertTrue(written[1].hasPrefix(#"{"summary":{"actions":1,"#), written[1])
  }

  /// A state larger than the limit is left out of its line, and counted.
  func testAStateLargerThanTheLimitIsLeftOutAndCounted() {
    let dispatcher = NotesDispatcher()
    let huge = String(repeating: "x", count: ActionRecording.largestState + 1)
    let small = Lock(true)
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(
      dispatcher, state: { small.withLock { $0 } ? "small" : huge }, writingLinesTo: lines.handler)

    AnyObserverDispatcher(dispatcher).removed.dispatch(1)
    AnyObserverDispatcher(dispatcher).removed.dispatch(2)
    small.withLock { $0 = false }
    let summary = recording.stop()

    XCTAssertEqual(summary.statesOmitted, 1)
    XCTAssertTrue(lines.values[0].hasSuffix(#","state":"small"}"#), lines.values[0])
    XCTAssertTrue(lines.values[1].hasSuffix(#","value":2}"#), lines.values[1])
  }
}

import Dispatch
import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// What a recording holds is bounded in bytes, a write error stops the
/// buffering, the counts say only what reached the file and are read
/// without waiting for the writer, and a pipe is refused at once.
final class RecordingFaultTests: XCTestCase {
  /// The resident memory of this process, in bytes, from /proc/self/statm.
  private func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let fields = statm.split(separator: " ")
    let pages = try XCTUnwrap(Int(fields[1]), statm)
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// 100,000 actions, each with a state of 2 KB, recorded to `/dev/full`:
  /// after the first write fails, nothing more is buffered, so the
  /// process's resident memory grows by a few megabytes, not the 200 MB of
  /// the lines that could not be written; and the summary says none was
  /// written.
  func testRecordingLargeStatesToAFullDeviceKeepsResidentMemoryBounded() throws {
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed
    let state = String(repeating: "s", count: 2_048)
    let before = try residentBytes()

    let recording = try ActionRecording.start(
      dispatcher, writingTo: URL(fileURLWithPath: "/dev/full"), state: { state })
    for value in 0..<100_000 { removed.dispatch(value) }
    let afterSending = try residentBytes()
    let summary = recording.stop()
    let afterStopping = try residentBytes()

    print(
      "RecordingFaultTests: resident memory \(before >> 10) KB before, "
        + "\((afterSending - before) >> 10) KB more once 100,000 actions were sent, "
        + "\((afterStopping - before) >> 10) KB more once stopped")
    XCTAssertLessThan(afterSending - before, 32 << 20)
    XCTAssertLessThan(afterStopping - before, 32 << 20)
    XCTAssertEqual(summary.actions, 0)
    XCTAssertEqual(summary.dropped, 100_000)
    XCTAssertEqual(summary.error, "/dev/full: write failed: No space left on device")
    withExtendedLifetime(recording) {}
  }

  /// After a write error nothing more is buffered: each later action is
  /// dropped and counted as it is sent, without `stop()` and without
  /// waiting for the writer, and the recording keeps nothing of it (its
  /// state is freed once `dispatch` returns).
  ///
  /// The writer is held while it encodes the state after action 1, so that
  /// action 3 waits in the buffer; the write to `/dev/full` then fails, and
  /// action 3's state, dropped from the buffer, is freed once the buffer
  /// has noted the failure.
  func testAfterAWriteErrorEachActionIsDroppedAndCountedAsItIsSent() throws {
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed
    let writerIsBusy = DispatchSemaphore(value: 0)
    let writerMayGo = DispatchSemaphore(value: 0)
    let failureNoted = DispatchSemaphore(value: 0)
    let freed = Lock(0)
    let next = Lock<TrackedState?>(nil)
    let recording = try ActionRecording.start(
      dispatcher, writingTo: URL(fileURLWithPath: "/dev/full"),
      state: { next.withLock { $0.take() } ?? TrackedState() })

    removed.dispatch(1)  // waits in the writer for the next one
    next.withLock {
      $0 = TrackedState(encoding: {
        writerIsBusy.signal()
        writerMayGo.wait()
      })
    }
    removed.dispatch(2)  // brings 1's state: the writer encodes it, and waits
    XCTAssertEqual(writerIsBusy.wait(timeout: .now() + .seconds(10)), .success)
    next.withLock { $0 = TrackedState(freed: { failureNoted.signal() }) }
    removed.dispatch(3)  // waits in the buffer
    writerMayGo.signal()  // 1's line goes to /dev/full, and fails
    XCTAssertEqual(failureNoted.wait(timeout: .now() + .seconds(10)), .success)
    let before = recording.summary.dropped

    for value in 4..<14 {
      next.withLock { $0 = TrackedState(freed: { freed.withLock { $0 += 1 } }) }
      removed.dispatch(value)
    }
    let after = recording.summary.dropped
    let freedAtOnce = freed.withLock { $0 }
    let summary = recording.stop()

    XCTAssertEqual(after - before, 10, "the actions sent after the error were not dropped at once")
    XCTAssertEqual(freedAtOnce, 10, "the recording kept actions sent after the error")
    XCTAssertEqual(summary.actions, 0)
    XCTAssertEqual(summary.dropped, 13)
    XCTAssertEqual(summary.error, "/dev/full: write failed: No space left on device")
  }

  /// Lines that were encoded but never reached the file are not counted as
  /// written: the summary counts only what the file holds.
  func testTheSummaryCountsOnlyWhatReachedTheFile() throws {
    let dispatcher = NotesDispatcher()
    let recording = try ActionRecording.start(
      dispatcher, writingTo: URL(fileURLWithPath: "/dev/full"), state: { 0 })

    for value in 0..<10 { AnyObserverDispatcher(dispatcher).removed.dispatch(value) }
    let summary = recording.stop()

    XCTAssertEqual(summary.actions, 0)
    XCTAssertEqual(summary.dropped, 10)
    XCTAssertEqual(recording.recordedCount, 0)
  }

  /// While the writer is busy with a line (here, a line closure that
  /// blocks), reading the counts returns at once.
  func testReadingTheCountsNeverWaitsForTheWriter() throws {
    let dispatcher = NotesDispatcher()
    let sink = BlockingLineSink()
    let recording = ActionRecording.start(
      dispatcher, state: { 0 }, writingLinesTo: sink.writeLine)
    let removed = AnyObserverDispatcher(dispatcher).removed
    removed.dispatch(1)  // waits in the writer for the next one
    removed.dispatch(2)  // brings 1's state: the writer writes 1, and blocks
    XCTAssertTrue(sink.waitUntilTheWriterIsBusy())
    let read = DispatchSemaphore(value: 0)
    let counts = Lock<RecordingSummary?>(nil)

    DispatchQueue.global().async {
      let summary = recording.summary
      counts.withLock { $0 = summary }
      read.signal()
    }
    // A minute: what a correct read takes on any machine, however busy; a
    // read that waits for the writer waits for ever (until let go below).
    let outcome = read.wait(timeout: .now() + .seconds(60))
    sink.letTheWriterGo()
    if outcome == .timedOut { read.wait() }
    let summary = recording.stop()

    XCTAssertEqual(outcome, .success, "reading the summary waited for the writer")
    XCTAssertEqual(counts.withLock { $0?.actions }, 0)
    XCTAssertEqual(summary.actions, 2)
  }

  /// A path that is a pipe (a FIFO nobody reads) is refused at once: a
  /// recording never waits for a reader.
  func testAPipeIsRefusedAtOnce() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-recording-\(UUID().uuidString).fifo").path
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    defer { unlink(path) }
    let done = DispatchSemaphore(value: 0)
    let outcome = Lock<String?>(nil)

    DispatchQueue.global().async {
      let result: String
      do {
        let recording = try ActionRecording.start(writingTo: URL(fileURLWithPath: path))
        recording.stop()
        result = "started"
      } catch {
        result = "\(error)"
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    // A minute: a refusal comes at once on any machine, however busy; an
    // `open` that waits for a reader waits for ever (until freed below).
    let waited = done.wait(timeout: .now() + .seconds(60))
    if waited == .timedOut {
      // Free the blocked `open` with a reader, so that nothing is left hanging.
      let reader = open(path, O_RDONLY | O_NONBLOCK)
      done.wait()
      close(reader)
    }

    XCTAssertEqual(waited, .success, "starting a recording on a pipe waited for a reader")
    XCTAssertEqual(outcome.withLock { $0 }, "\(path): is not a regular file (a pipe)")
  }
}

extension RecordingFaultTests {
  /// A pipe that a reader has open is refused too: there the recording's
  /// `open` succeeds at once, and what it opened is checked and refused.
  func testAPipeWithAReaderIsRefused() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-recording-\(UUID().uuidString).fifo").path
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    defer { unlink(path) }
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(reader, 0, String(cString: strerror(errno)))
    defer { close(reader) }

    let outcome: String
    do {
      let recording = try ActionRecording.start(writingTo: URL(fileURLWithPath: path))
      recording.stop()  // while the reader is open: no write meets a closed pipe
      outcome = "started"
    } catch {
      outcome = "\(error)"
    }

    XCTAssertEqual(outcome, "\(path): is not a regular file (a pipe)")
  }

  /// While the writer is busy, actions wait in the buffer until their bytes
  /// (as the writer measured the last line: here about 10 KB) would pass
  /// the budget (here 100,000 bytes); the rest are dropped and counted,
  /// though far fewer than the buffer's capacity in actions wait.
  func testTheBufferIsBoundedInBytes() {
    let dispatcher = NotesDispatcher()
    let sink = BlockingLineSink()
    let state = String(repeating: "s", count: 10_000)
    let recording = ActionRecording.start(
      dispatcher, bufferCapacity: 1_000, bufferBytes: 100_000, state: { state },
      writingLinesTo: sink.writeLine)
    let removed = AnyObserverDispatcher(dispatcher).removed
    removed.dispatch(1)  // waits in the writer for the next one
    removed.dispatch(2)  // brings 1's state: the writer measures 1's line, and blocks
    XCTAssertTrue(sink.waitUntilTheWriterIsBusy())

    for value in 3..<103 { removed.dispatch(value) }
    sink.letTheWriterGo()
    let summary = recording.stop()

    // 9 lines of about 10,060 bytes fit in 100,000; the other 91 do not.
    XCTAssertEqual(summary.dropped, 91)
    XCTAssertEqual(summary.actions, 11)
    XCTAssertEqual(sink.actionLines, 11)
  }
}

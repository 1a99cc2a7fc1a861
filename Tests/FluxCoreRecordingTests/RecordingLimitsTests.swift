import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// A large state: `count` numbers, about `count` × 8 bytes of JSON.
///
/// It counts how many of its kind are alive and how often each is encoded.
private final class LargeState: Encodable, Sendable {
  static let alive = Lock((now: 0, most: 0))
  static let encodings = Lock((total: 0, mostOfOne: 0))

  private let numbers: [Int]
  private let timesEncoded = Lock(0)

  init(_ seed: Int, count: Int) {
    numbers = Array(repeating: 1_000_000 + seed, count: count)
    Self.alive.withLock { alive in
      alive.now += 1
      alive.most = max(alive.most, alive.now)
    }
  }

  deinit {
    Self.alive.withLock { $0.now -= 1 }
  }

  /// Starts counting afresh: the most alive at once, from those alive now,
  /// and the encodings.
  static func resetCounts() {
    alive.withLock { $0.most = $0.now }
    encodings.withLock { $0 = (0, 0) }
  }

  func encode(to encoder: any Encoder) throws {
    let times = timesEncoded.withLock { times in
      times += 1
      return times
    }
    Self.encodings.withLock { encodings in
      encodings.total += 1
      encodings.mostOfOne = max(encodings.mostOfOne, times)
    }
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: numbers)
  }
}

/// What a recording holds stays within its bounds when states are large,
/// and a write that fails part-way leaves a file that ends at its last
/// whole line, counted exactly, that a replay plays.
final class RecordingLimitsTests: XCTestCase {
  /// The issue's case: a burst of large states keeps a few, not all.
  ///
  /// 150 actions, each with its own state of 300,000 numbers (about 2.4 MB
  /// of JSON, too large to carry), sent back to back with a buffer of 4 MB.
  /// A state too large counts at its real size, so
  /// the buffer holds one at a time and drops the rest: at most a handful
  /// of states are alive at once (the test's, the buffer's, the writer's),
  /// not 150; and each state (each the state after one action) is encoded
  /// at most once, so `stop()` has at most a few to encode. How long
  /// `stop()` takes is measured by the benchmark package's large-state
  /// recording scenario, not here.
  func testLargeStatesCountAtTheirRealSizeAndAreEncodedAtMostOnce() throws {
    LargeState.resetCounts()
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed
    let current = Lock(LargeState(0, count: 300_000))
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(
      dispatcher, bufferBytes: 4 << 20, state: { current.withLock { $0 } },
      writingLinesTo: { lines.handler(String($0.prefix(60))) })

    for value in 1...150 {
      let next = LargeState(value, count: 300_000)
      let replaced = current.withLock { current in
        defer { current = next }
        return current
      }
      withExtendedLifetime(replaced) {}
      removed.dispatch(value)
    }
    current.withLock { $0 = LargeState(151, count: 300_000) }  // the state after the last
    let summary = recording.stop()
    let alive = LargeState.alive.withLock { $0 }
    let encodings = LargeState.encodings.withLock { $0 }

    XCTAssertEqual(summary.actions + summary.dropped, 150)
    XCTAssertEqual(summary.statesOmitted, summary.actions, "every state is too large to carry")
    XCTAssertLessThanOrEqual(alive.most, 6, "states kept at once")
    XCTAssertEqual(encodings.mostOfOne, 1, "a state was encoded more than once")
    XCTAssertLessThanOrEqual(encodings.total, summary.actions + 1, "states encoded")
    XCTAssertGreaterThan(summary.dropped, 100)
  }

  /// A state too large to carry still counts at its real size once the
  /// writer has measured one, not only before.
  ///
  /// States of 140,000 numbers (about 1.1 MB of JSON, more than
  /// `largestState`) with a buffer of 4 MB. The writer is held after its
  /// first line, which it wrote with such a state, measured; then a burst of
  /// 30 actions, each with a state of its own, is sent back to back. The
  /// buffer takes three (4 MB at 1.1 MB each) and drops the rest; counted at
  /// the size of their lines without the states, it would take them all,
  /// and keep their 30 states alive at once.
  func testAStateTooLargeToCarryCountsAtItsRealSizeAfterTheWriterMeasuredOne() async throws {
    LargeState.resetCounts()
    let dispatcher = NotesDispatcher()
    let removed = AnyObserverDispatcher(dispatcher).removed
    let current = Lock(LargeState(0, count: 140_000))
    let lines = TestRecorder<String>()
    let release = DispatchSemaphore(value: 0)
    let recording = ActionRecording.start(
      dispatcher, bufferBytes: 4 << 20, state: { current.withLock { $0 } },
      writingLinesTo: { line in
        lines.handler(String(line.prefix(60)))
        if lines.values.count == 1 { release.wait() }  // holds the writer after its first line
      })
    defer { release.signal() }  // if the test failed before it let the writer go on
    func send(_ value: Int) {
      let replaced = current.withLock { current in
        defer { current = LargeState(value, count: 140_000) }
        return current
      }
      withExtendedLifetime(replaced) {}
      removed.dispatch(value)
    }

    send(1)
    send(2)  // brings the state after 1: the writer writes 1, and measures it
    _ = try await lines.waitForValues(count: 1, timeout: .seconds(60))
    for value in 3...32 { send(value) }
    release.signal()
    let summary = recording.stop()
    let alive = LargeState.alive.withLock { $0 }

    XCTAssertEqual(summary.actions + summary.dropped, 32)
    XCTAssertGreaterThanOrEqual(summary.dropped, 25, "\(summary)")
    XCTAssertLessThanOrEqual(alive.most, 8, "states kept at once")
  }

  /// A full disk, for one process: what a failed write leaves is whole.
  ///
  /// Runs this test's body in a child whose files may not grow past
  /// 65,536 bytes: a full disk, for that process alone. The kernel writes
  /// what fits and refuses the rest (EFBIG), as a full disk does (ENOSPC):
  /// the same short write, then the same error.
  ///
  /// Not a small tmpfs: mounting one needs root, which CI does not have;
  /// the lowered file-size limit needs nothing, and is a real short write,
  /// not an injected one.
  func testAFullDiskLeavesTheFileEndingAtItsLastWholeLineCountedExactly() throws {
    let variable = "FLUXCORE_RECORDING_FULL_DISK"
    if let path = ProcessInfo.processInfo.environment[variable] {
      try recordUntilTheDiskIsFull(to: URL(fileURLWithPath: path), limit: 65_536, actions: 20_000)
      return
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-full-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }

    let child = try ChildProcess(
      runningTest: "FluxCoreRecordingTests.RecordingLimitsTests/"
        + "testAFullDiskLeavesTheFileEndingAtItsLastWholeLineCountedExactly",
      environment: [variable: file.path])
    XCTAssertEqual(child.wait(timeout: .seconds(120)), .exited(0), child.output)
    let summaryLine = try XCTUnwrap(
      child.output.split(separator: "\n").first { $0.hasPrefix("summary: ") }, child.output)
    let summary = try JSONDecoder().decode(
      RecordingSummary.self, from: Data(summaryLine.dropFirst("summary: ".count).utf8))
    let bytes = try Data(contentsOf: file)
    let replay = try ActionReplay(contentsOf: file, into: NotesDispatcher())

    XCTAssertLessThanOrEqual(bytes.count, 65_536)
    XCTAssertEqual(bytes.last, UInt8(ascii: "\n"), "the file ends with a torn line")
    XCTAssertEqual(bytes.filter { $0 == UInt8(ascii: "\n") }.count, summary.actions)
    XCTAssertEqual(summary.actions + summary.dropped, 20_000)
    XCTAssertGreaterThan(summary.actions, 500)
    XCTAssertEqual(summary.error?.hasSuffix("write failed: File too large"), true, "\(summary)")
    XCTAssertNil(summary.tornLineOffset)
    XCTAssertEqual(replay.actions.map { $0.value as? Int }, Array(0..<summary.actions))
    XCTAssertNil(replay.tornTail)
  }

  /// In the child: lowers the file-size limit, records `actions` actions
  /// to `file`, and prints the summary.
  private func recordUntilTheDiskIsFull(to file: URL, limit: Int, actions: Int) throws {
    signal(SIGXFSZ, SIG_IGN)  // a write past the limit fails with EFBIG
    var bound = rlimit()
    getrlimit(fileSizeLimit, &bound)
    bound.rlim_cur = rlim_t(limit)
    XCTAssertEqual(setrlimit(fileSizeLimit, &bound), 0)
    let dispatcher = NotesDispatcher()
    let recording = try ActionRecording.start(dispatcher, writingTo: file)
    let removed = AnyObserverDispatcher(dispatcher).removed

    for value in 0..<actions { removed.dispatch(value) }
    let summary = recording.stop()

    let encoded = try JSONEncoder().encode(summary)
    print("summary: " + String(decoding: encoded, as: UTF8.self))
  }

  /// A recording whose last line a crash or an older version's full disk
  /// cut short: the whole lines before it are played, and the torn one is
  /// reported, not an error.
  func testAReplayPlaysTheWholeLinesAndReportsATornLastLine() async throws {
    let text =
      #"{"label":"NotesDispatcher.removed","time":0.1,"value":7}"# + "\n"
      + #"{"label":"NotesDispatcher.removed","time":0.2,"value":8}"# + "\n"
      + #"{"label":"NotesDispatcher.added","time":0.3,"value":{"id":1,"te"#
    let dispatcher = NotesDispatcher()
    let removed = TestRecorder(dispatcher.removed)

    let replay = try ActionReplay(jsonLines: text, into: dispatcher)
    await replay.play()

    XCTAssertEqual(replay.actions.map(\.line), [1, 2])
    XCTAssertEqual(replay.tornTail, ActionReplay.TornLine(line: 3, bytes: 63))
    XCTAssertEqual(removed.values, [7, 8])
  }
}

import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// A dispatcher with Codable subjects and one that is not.
final class NotesDispatcher: DispatcherType {
  static let shared = NotesDispatcher()
  let added = DispatchSubject<Note>()
  let removed = DispatchSubject<Int>()
  let isSyncing = DispatchSubject<Bool>()
  let onSaved = DispatchSubject<Callback>()
}

struct Note: Codable, Sendable, Equatable {
  let id: Int
  let text: String
}

/// Not Codable: a recording skips it.
struct Callback: Sendable {
  let run: @Sendable () -> Void
}

final class NotesStore: Store, @unchecked Sendable {
  let notes = Variable<[Note]>([])
  let isSyncing = Variable(false)

  init(_ dispatcher: AnyObservableDispatcher<NotesDispatcher>) {
    super.init()
    bind(dispatcher.added, to: notes) { notes, note in notes + [note] }
    bind(dispatcher.removed, to: notes) { notes, id in notes.filter { $0.id != id } }
    bind(dispatcher.isSyncing, to: isSyncing)
  }
}

/// A store with a bug: it keeps only the first note added.
final class ForgetfulNotesStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let notes = Variable<[Note]>([])

  init(_ dispatcher: AnyObservableDispatcher<NotesDispatcher>) {
    super.init()
    bind(dispatcher.added, to: notes) { notes, note in notes.isEmpty ? [note] : notes }
    bind(dispatcher.removed, to: notes) { notes, id in notes.filter { $0.id != id } }
  }
}

final class RecordAndReplayTests: XCTestCase {
  /// Sends a short session through the send-only view.
  private func playSession(_ dispatcher: NotesDispatcher) {
    let actions = AnyObserverDispatcher(dispatcher)
    actions.isSyncing.dispatch(true)
    actions.added.dispatch(Note(id: 1, text: "milk"))
    actions.added.dispatch(Note(id: 2, text: "eggs \"free range\"\nand bread"))
    actions.onSaved.dispatch(Callback {})
    actions.removed.dispatch(1)
    actions.isSyncing.dispatch(false)
  }

  /// Records `session`; returns the lines of its actions (without the
  /// summary line that ends the recording) and the recording.
  private func record(_ session: (NotesDispatcher) -> Void) -> (
    lines: [String], recording: ActionRecording
  ) {
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(writingLinesTo: lines.handler)
    session(NotesDispatcher())
    recording.stop()
    XCTAssertTrue(lines.values.last?.hasPrefix(#"{"summary":"#) == true, "\(lines.values)")
    return (lines.values.dropLast(), recording)
  }

  func testARecordingEndsWithItsSummaryWhichTheReplayReads() throws {
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(writingLinesTo: lines.handler)
    playSession(NotesDispatcher())
    let summary = recording.stop()

    let replay = try ActionReplay(
      jsonLines: lines.values.joined(separator: "\n"), into: NotesDispatcher())
    XCTAssertEqual(replay.summary, summary)
    XCTAssertEqual(summary.actions, 5)
    XCTAssertEqual(summary.skipped, ["NotesDispatcher.onSaved": 1])
    XCTAssertEqual(replay.actions.count, 5)
  }

  func testReplayingARecordingBringsFreshStoresThroughTheSameStates() async throws {
    let original = NotesDispatcher()
    let originalStore = NotesStore(AnyObservableDispatcher(original))
    let originalStates = TestRecorder(originalStore.notes)
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(writingLinesTo: lines.handler)
    playSession(original)
    recording.stop()

    let fresh = NotesDispatcher()
    let freshStore = NotesStore(AnyObservableDispatcher(fresh))
    let freshStates = TestRecorder(freshStore.notes)
    let replay = try ActionReplay(jsonLines: lines.values.joined(separator: "\n"), into: fresh)
    await replay.play()

    XCTAssertEqual(freshStates.values, originalStates.values)
    XCTAssertEqual(freshStore.isSyncing.value, false)
    XCTAssertEqual(freshStore.notes.value, [Note(id: 2, text: "eggs \"free range\"\nand bread")])
    XCTAssertEqual(replay.actions.map(\.label), lines.values.dropLast().map { label(of: $0) })
  }

  func testEachActionIsOneLineWithItsLabelTimeAndValue() throws {
    let (lines, recording) = record(playSession)

    XCTAssertEqual(lines.count, 5)
    XCTAssertEqual(recording.recordedCount, 5)
    XCTAssertTrue(
      lines[1].hasPrefix(#"{"label":"NotesDispatcher.added","time":"#), lines[1])
    XCTAssertTrue(lines[1].hasSuffix(#","value":{"id":1,"text":"milk"}}"#), lines[1])
    let times = try lines.map { line in
      try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["time"] as? Double
    }
    XCTAssertEqual(times, times.compactMap { $0 }.sorted())
  }

  func testActionsOfSubjectsThatAreNotCodableAreSkippedAndCounted() {
    let (lines, recording) = record(playSession)

    XCTAssertFalse(lines.contains { $0.contains("onSaved") })
    XCTAssertEqual(recording.skipped, ["NotesDispatcher.onSaved": 1])
  }

  func testEverySkippedActionIsCountedForItsSubject() {
    let (lines, recording) = record { dispatcher in
      let actions = AnyObserverDispatcher(dispatcher)
      for _ in 0..<3 { actions.onSaved.dispatch(Callback {}) }
      actions.added.dispatch(Note(id: 1, text: "milk"))
    }

    XCTAssertEqual(lines.count, 1)
    XCTAssertEqual(recording.skipped, ["NotesDispatcher.onSaved": 3])
  }

  func testARecordingWrittenToAFileReplaysFromIt() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recording = try ActionRecording.start(writingTo: url)
    playSession(NotesDispatcher())
    recording.stop()
    recording.stop()  // twice: harmless

    let fresh = NotesDispatcher()
    let store = NotesStore(AnyObservableDispatcher(fresh))
    try await ActionReplay(contentsOf: url, into: fresh).play()

    XCTAssertEqual(store.notes.value.map(\.id), [2])
  }

  @MainActor
  func testPlayingAtTheRecordedSpeedDispatchesEachActionAtItsTime() async throws {
    let text = """
      {"label":"NotesDispatcher.removed","time":0,"value":1}
      {"label":"NotesDispatcher.removed","time":1.5,"value":2}
      {"label":"NotesDispatcher.removed","time":4,"value":3}
      """
    let dispatcher = NotesDispatcher()
    let received = TestRecorder(dispatcher.removed)
    let replay = try ActionReplay(jsonLines: text, into: dispatcher)
    let clock = TestClock()

    let playing = Task { await replay.play(speed: .asRecorded, clock: clock) }
    try await received.waitForValues(count: 1)
    await clock.advance(by: .seconds(1))
    let atOneSecond = received.values
    await clock.advance(by: .seconds(3))
    try await playing.value(within: 10)

    XCTAssertEqual(atOneSecond, [1])
    XCTAssertEqual(received.values, [1, 2, 3])
    XCTAssertEqual(replay.actions.map(\.time), [.zero, .milliseconds(1_500), .seconds(4)])
  }

  /// Cancelling the replay's task dispatches nothing more: the wait for the
  /// next action ends the replay instead of playing the rest at once.
  @MainActor
  func testACancelledReplayDispatchesNothingMore() async throws {
    let text = """
      {"label":"NotesDispatcher.removed","time":0,"value":1}
      {"label":"NotesDispatcher.removed","time":1,"value":2}
      {"label":"NotesDispatcher.removed","time":2,"value":3}
      """
    let dispatcher = NotesDispatcher()
    let received = TestRecorder(dispatcher.removed)
    let replay = try ActionReplay(jsonLines: text, into: dispatcher)
    let clock = TestClock()

    let playing = Task { await replay.play(speed: .asRecorded, clock: clock) }
    try await received.waitForValues(count: 1)
    try await clock.waitForSleepers(count: 1)
    playing.cancel()
    try await playing.value(within: 10)
    await clock.advance(by: .seconds(5))

    XCTAssertEqual(received.values, [1])
  }

  /// A recording that carries states is a regression test: a replay into
  /// stores that behave differently reports the first step whose state
  /// differs, with both states.
  func testAReplayThatReachesAnotherStateReportsTheStepWhereItDiffers() async throws {
    let original = NotesDispatcher()
    let store = NotesStore(AnyObservableDispatcher(original))
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(
      original, state: { store.notes.value }, writingLinesTo: lines.handler)
    playSession(original)
    recording.stop()
    let text = lines.values.joined(separator: "\n")

    let same = NotesDispatcher()
    let sameStore = NotesStore(AnyObservableDispatcher(same))
    let noDifference = await (try ActionReplay(jsonLines: text, into: same))
      .play(checking: { sameStore.notes.value })
    let other = NotesDispatcher()
    let forgetfulStore = ForgetfulNotesStore(AnyObservableDispatcher(other))
    let difference = await (try ActionReplay(jsonLines: text, into: other))
      .play(checking: { forgetfulStore.notes.value })

    XCTAssertNil(noDifference)
    let found = try XCTUnwrap(difference)
    XCTAssertEqual(found.step, 3)
    XCTAssertEqual(found.action.label, "NotesDispatcher.added")
    XCTAssertTrue("\(found)".hasPrefix("step 3 (line 3, NotesDispatcher.added ← "), "\(found)")
    XCTAssertTrue(found.recorded.contains("eggs"), found.recorded)
    XCTAssertFalse(found.replayed.contains("eggs"), found.replayed)
  }

  // MARK: Bad recordings: a precise error, and nothing dispatched

  private func expectError(
    _ text: String, _ expected: ReplayError, file: StaticString = #filePath, line: UInt = #line
  ) {
    let dispatcher = NotesDispatcher()
    let everything = [
      TestRecorder(dispatcher.added.map { _ in "added" }),
      TestRecorder(dispatcher.removed.map { _ in "removed" }),
    ]
    XCTAssertThrowsError(
      try ActionReplay(jsonLines: text, into: dispatcher), file: file, line: line
    ) { error in
      XCTAssertEqual(error as? ReplayError, expected, file: file, line: line)
    }
    XCTAssertEqual(
      everything.flatMap(\.values), [], "something was dispatched", file: file, line: line)
  }

  private let goodLine = #"{"label":"NotesDispatcher.removed","time":0.1,"value":7}"#

  /// A truncated line followed by others is an error; a last line cut
  /// short is not (see RecordingLimitsTests).
  func testATruncatedLineBeforeTheLastIsAnErrorNamingItsLine() {
    expectError(
      goodLine + "\n" + #"{"label":"NotesDispatcher.added","time":0.2,"value":{"id":1,"te"#
        + "\n" + goodLine,
      ReplayError(line: 2, reason: "not a recorded action: not valid JSON (a truncated line?)"))
  }

  func testAValueOfTheWrongTypeIsAnErrorNamingTheSubjectAndItsType() {
    expectError(
      goodLine + "\n" + #"{"label":"NotesDispatcher.added","time":0.2,"value":{"id":"one"}}"#,
      ReplayError(
        line: 2, reason: "NotesDispatcher.added holds Note, not this: expected Int at value.id"))
  }

  func testAnUnknownSubjectIsAnError() {
    expectError(
      goodLine + "\n\n" + #"{"label":"NotesDispatcher.renamed","time":0.3,"value":"x"}"#,
      ReplayError(line: 3, reason: "NotesDispatcher has no subject “NotesDispatcher.renamed”"))
  }

  func testAnEmptyFileIsAnError() {
    for text in ["", "\n", "  \n\n"] {
      expectError(text, ReplayError(line: nil, reason: "the recording holds no action"))
    }
  }

  func testOtherBadLinesAreErrorsToo() {
    expectError(
      #"{"time":0,"value":1}"#,
      ReplayError(line: 1, reason: "not a recorded action: “label” is missing"))
    expectError(
      goodLine + "\n" + #"{"label":"NotesDispatcher.removed","time":0.05,"value":8}"#,
      ReplayError(line: 2, reason: "the time 0.05 is not after the line before's"))
    expectError(
      #"{"label":"NotesDispatcher.onSaved","time":0,"value":{}}"#,
      ReplayError(
        line: 1, reason: "NotesDispatcher.onSaved holds Callback, which is not Codable"))
    expectError(
      "[1, 2]",
      ReplayError(line: 1, reason: "not a recorded action: expected Dictionary<String, Any>"))
  }

  /// A time past 100 years is refused at once: `Duration.seconds(1e21)`
  /// traps, and so does sleeping until `.seconds(1e19)` from now, so before
  /// this check such a file crashed the app that loaded or played it.
  func testATimeMoreThanAThousandYearsAfterTheStartIsAnError() throws {
    for time in ["1e21", "1e300", "1e19", "3153600001"] {
      expectError(
        #"{"label":"NotesDispatcher.removed","time":\#(time),"value":7}"#,
        ReplayError(
          line: 1,
          reason:
            "the time \(Double(time)!) is more than 100 years after the recording began"))
    }
    let latest = try ActionReplay(
      jsonLines: #"{"label":"NotesDispatcher.removed","time":3153600000,"value":7}"#,
      into: NotesDispatcher())
    XCTAssertEqual(latest.actions.map(\.time), [.seconds(3_153_600_000)])
  }

  private func label(of line: String) -> String {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["label"]
      as? String ?? ""
  }
}

import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// A base that apps share between dispatchers: the subjects every feature
/// has.
class BaseDispatcher: @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let failed = DispatchSubject<String>()
}

/// A feature's dispatcher: one subject of its own, one inherited, and one
/// reached through a computed property.
final class ListDispatcher: BaseDispatcher, DispatcherType, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  static let shared = ListDispatcher()
  let added = DispatchSubject<Int>()
  private let elsewhere = Elsewhere()
  var forwarded: DispatchSubject<Int> { elsewhere.forwarded }

  final class Elsewhere: Sendable {
    let forwarded = DispatchSubject<Int>()
  }
}

/// A recording scoped to a dispatcher: the subjects it inherits are its
/// own, an action it cannot attribute to a subject is counted, and it needs
/// no state.
final class ScopedRecordingTests: XCTestCase {
  private func temporaryFile(_ name: String) throws -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-\(UUID().uuidString)-\(name)")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return file
  }

  func testAScopedRecordingRecordsTheSubjectsItsDispatcherInherits() throws {
    let dispatcher = ListDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let file = try temporaryFile("scoped.jsonl")
    let recording = try ActionRecording.start(dispatcher, writingTo: file)

    actions.added.dispatch(1)
    actions.failed.dispatch("offline")
    let summary = recording.stop()

    XCTAssertEqual(summary.actions, 2)
    XCTAssertTrue(summary.isComplete, "\(summary)")
    let replay = try ActionReplay(contentsOf: file, into: ListDispatcher())
    XCTAssertEqual(
      replay.actions.map(\.record.description),
      ["ListDispatcher.added ← 1", "ListDispatcher.failed ← offline"])
  }

  /// An action sent through the dispatcher's view to a subject that no
  /// stored property holds cannot be replayed: it is counted as skipped,
  /// under its label, not lost without a word.
  func testAnActionThatCannotBeAttributedIsCountedAsSkipped() throws {
    let dispatcher = ListDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(dispatcher, writingLinesTo: lines.handler)

    actions.added.dispatch(1)
    actions.forwarded.dispatch(2)
    let summary = recording.stop()

    XCTAssertEqual(summary.actions, 1)
    XCTAssertEqual(summary.skipped, ["ListDispatcher.subject": 1])
    XCTAssertFalse(summary.isComplete)
  }

  /// Without `state:`, each variant compiles and records no state.
  func testAScopedRecordingNeedsNoState() throws {
    let dispatcher = ListDispatcher()
    let file = try temporaryFile("no-state.jsonl")
    let lines = TestRecorder<String>()

    let toFile = try ActionRecording.start(dispatcher, writingTo: file)
    let toLines = ActionRecording.start(dispatcher, writingLinesTo: lines.handler)
    AnyObserverDispatcher(dispatcher).added.dispatch(3)
    toFile.stop()
    toLines.stop()

    let replay = try ActionReplay(contentsOf: file, into: ListDispatcher())
    XCTAssertEqual(replay.actions.map(\.hasRecordedState), [false])
    XCTAssertEqual(lines.values.count, 2)  // the action, and the summary
    XCTAssertTrue(lines.values[0].hasSuffix(#","value":3}"#), lines.values[0])
  }
}

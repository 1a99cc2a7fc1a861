import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// Each operation of `UndoHistory` from real threads at once, many times:
/// the history never loses a step, never disagrees with the state, and
/// never traps.
final class UndoHistoryConcurrencyTests: XCTestCase {
  /// 100 by default; `FLUXCORE_HISTORY_ITERATIONS=N` for a soak.
  private let iterations =
    Int(ProcessInfo.processInfo.environment["FLUXCORE_HISTORY_ITERATIONS"] ?? "") ?? 100
  private let threads = 4
  private let changesPerThread = 25

  /// Checks what holds after any mix of changes and commands: the history's
  /// present is the state, and every state it keeps is one the state held.
  private func assertConsistent(
    _ history: UndoHistory<String>, _ text: Variable<String>, held: Set<String>,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let archive = history.archive
    XCTAssertEqual(archive.present, text.value, file: file, line: line)
    let kept = Set(archive.past.map(\.value) + archive.future.map(\.value) + [archive.present])
    XCTAssertTrue(kept.isSubset(of: held), "\(kept.subtracting(held))", file: file, line: line)
    let status = history.status.value
    XCTAssertEqual(status.undoCount, archive.past.count, file: file, line: line)
    XCTAssertEqual(status.redoCount, archive.future.count, file: file, line: line)
  }

  func testChangesFromManyThreadsAreEachAStepInTheOrderTheStateDeliveredThem() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let delivered = TestRecorder(text)
      let history = UndoHistory(of: text, maxSteps: .max)

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread { text.value = "\(thread)-\(index)" }
      }
      try await history.settle()

      let archive = history.archive
      XCTAssertEqual(archive.past.count, threads * changesPerThread)
      XCTAssertEqual(archive.past.map(\.value) + [archive.present], delivered.values)
    }
  }

  func testUndosAndRedosFromManyThreadsOnlyMoveAlongTheTimeline() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let history = UndoHistory(of: text, maxSteps: .max)
      for index in 1...20 { text.value = "\(index)" }
      let timeline = history.timeline.filter { $0 != "[" && $0 != "]" }

      runOnThreads(threads) { thread in
        for index in 0..<20 {
          if (thread + index) % 3 == 0 { history.redo() } else { history.undo() }
          if index == 10 { history.jump(to: thread * 5) }
        }
      }
      try await history.settle()

      XCTAssertEqual(history.timeline.filter { $0 != "[" && $0 != "]" }, timeline)
      XCTAssertEqual(history.archive.present, text.value)
      XCTAssertEqual(history.status.value.undoCount + history.status.value.redoCount, 20)
    }
  }

  func testUndosRacingWithChangesLeaveAHistoryThatAgreesWithTheState() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let held = Lock<Set<String>>([""])
      let recording = text.subscribe { value in held.withLock { _ = $0.insert(value) } }
      let history = UndoHistory(of: text, maxSteps: .max)

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread {
          switch thread {
          case 0: history.undo(steps: index % 3 + 1)
          case 1: history.redo()
          default: text.value = "\(thread)-\(index)"
          }
        }
      }
      try await history.settle()

      assertConsistent(history, text, held: held.withLock { $0 })
      let timeline = history.archive
      history.jump(to: 0)
      try await history.settle()
      XCTAssertEqual(text.value, "")
      history.jump(to: .max)
      try await history.settle()
      XCTAssertEqual(text.value, timeline.future.last?.value ?? timeline.present)
      XCTAssertEqual(
        history.archive.past.map(\.value) + [history.archive.present],
        timeline.past.map(\.value) + [timeline.present] + timeline.future.map(\.value))
      recording.dispose()
    }
  }

  func testClearPauseAndResumeRacingWithChangesNeverTrapAndKeepTheHistoryConsistent() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let held = Lock<Set<String>>([""])
      let recording = text.subscribe { value in held.withLock { _ = $0.insert(value) } }
      let history = UndoHistory(of: text, maxSteps: .max)

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread {
          switch (thread, index % 3) {
          case (0, 0): history.clear()
          case (0, 1): history.pause()
          case (0, _): history.resume()
          case (1, _): history.undo()
          default: text.value = "\(thread)-\(index)"
          }
        }
      }
      // Commands sent while an undo is on its way run after it, and a change
      // can be taken in before them: let them all land before the last one.
      try await history.settle()
      history.resume()
      text.value = "last"
      try await history.settle()

      assertConsistent(history, text, held: held.withLock { $0 })
      XCTAssertFalse(history.status.value.isPaused)
      let before = history.archive.past.last?.value
      history.undo()
      try await history.settle()
      XCTAssertEqual(text.value, before)
      recording.dispose()
    }
  }

  func testTheBoundsHoldWhileManyThreadsChangeTheState() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let history = UndoHistory(of: text, maxSteps: 10, maxBytes: 40, size: { $0.utf8.count })

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread {
          if index % 5 == 4 { history.undo(steps: 2) } else { text.value = "\(thread)-\(index)" }
        }
      }
      try await history.settle()

      let archive = history.archive
      let kept = archive.past + archive.future
      XCTAssertLessThanOrEqual(kept.count, 10)
      XCTAssertEqual(history.status.value.byteCount, kept.map(\.value.utf8.count).reduce(0, +))
      XCTAssertLessThanOrEqual(history.status.value.byteCount, 40)
      XCTAssertEqual(archive.present, text.value)
    }
  }

  func testABurstFromManyThreadsWithinTheWindowIsOneStep() async throws {
    for _ in 0..<iterations {
      let text = Variable("")
      let history = UndoHistory(
        of: text, coalescing: .seconds(1), clock: TestClock())  // time stands still

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread { text.value = "\(thread)-\(index)" }
      }
      try await history.settle()

      XCTAssertEqual(history.archive.past.map(\.value), [""])
      history.undo()
      try await history.settle()
      XCTAssertEqual(text.value, "")
    }
  }

  func testAGroupAroundChangesFromManyThreadsIsOneStep() async throws {
    for _ in 0..<iterations {
      let text = Variable("start")
      let history = UndoHistory(of: text)
      history.beginGroup(label: "Import")

      runOnThreads(threads) { [changesPerThread] thread in
        for index in 0..<changesPerThread { text.value = "\(thread)-\(index)" }
      }
      await text.waitUntilDelivered()
      history.endGroup()
      try await history.settle()

      XCTAssertEqual(history.archive.past.map(\.value), ["start"])
      XCTAssertEqual(history.undoLabel.value, "Import")
    }
  }

  func testEachThreadsStepsCarryItsOwnActionsLabels() async throws {
    for _ in 0..<iterations / 4 {
      let stores = (0..<threads).map { _ in EditorDispatcher() }.map { dispatcher in
        (
          dispatcher,
          EditorStore(dispatcher: dispatcher) { action in "Type \(action.value)" }
        )
      }

      runOnThreads(threads) { [changesPerThread] thread in
        let actions = AnyObserverDispatcher(stores[thread].0)
        for index in 0..<changesPerThread { actions.text.dispatch("\(thread)-\(index)") }
      }

      for (thread, (_, store)) in stores.enumerated() {
        try await store.history.settle()
        let archive = store.history.archive
        let after = archive.past.dropFirst().map(\.value.text) + [archive.present.text]
        XCTAssertEqual(archive.past.map(\.label), after.map { "Type \($0)" })
        XCTAssertEqual(after, (0..<changesPerThread).map { "\(thread)-\($0)" })
      }
    }
  }
}

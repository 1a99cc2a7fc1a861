import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// Optimistic writes from real threads at once, many times: nothing is
/// lost, every outcome is one change, and the state ends on the rules.
final class OptimisticConcurrencyTests: XCTestCase {
  /// 100 by default; `FLUXCORE_HISTORY_ITERATIONS=N` for a soak.
  private let iterations =
    Int(ProcessInfo.processInfo.environment["FLUXCORE_HISTORY_ITERATIONS"] ?? "") ?? 100
  private let threads = 4
  private let writesPerThread = 30

  func testWritesAnswersAndPushesFromManyThreadsEndOnTheRulesWithOneChangePerOutcome() {
    for _ in 0..<iterations {
      let list = Variable([String]())
      let optimistic = OptimisticState(of: list)
      let changes = Counter()
      let counting = list.changed.subscribe { _ in changes.increment() }
      let outcomes = Counter()

      runOnThreads(threads) { [writesPerThread] thread in
        var pending: [PendingWrite] = []
        for index in 0..<writesPerThread {
          if thread == 0 && index % 3 == 0 {
            optimistic.updateConfirmed { confirmed in
              for _ in 0..<200 { confirmed.append("") }  // a slow change
              confirmed.removeLast(200)
              confirmed.append("push \(index)")
            }
            outcomes.increment()
            continue
          }
          pending.append(optimistic.apply { $0.append("\(thread)-\(index)") })
          outcomes.increment()
          if index % 2 == 1, let last = pending.popLast() {
            if index % 4 == 1 {
              last.rollBack()
              outcomes.increment()
            } else {
              last.confirm()
            }
          }
        }
        for write in pending { write.confirm() }
      }
      XCTAssertTrue(list.waitUntilDelivered(timeout: .seconds(10)))

      XCTAssertEqual(list.value, optimistic.confirmed.value)
      XCTAssertEqual(optimistic.pendingCount, 0)
      XCTAssertEqual(changes.value, outcomes.value)
      for thread in 0..<threads {
        let mine = list.value.filter { $0.hasPrefix("\(thread)-") }
        let expected = (0..<writesPerThread).filter { index in
          !(thread == 0 && index % 3 == 0) && !(index % 4 == 1)
        }.map { "\(thread)-\($0)" }
        XCTAssertEqual(mine, expected)
      }
      XCTAssertEqual(list.value.filter { $0.hasPrefix("push") }.count, 10)
      counting.dispose()
    }
  }

  func testWritesDroppedOnManyThreadsAreEachRolledBack() {
    for _ in 0..<iterations {
      let list = Variable([String]())
      let optimistic = OptimisticState(of: list)

      runOnThreads(threads) { [writesPerThread] thread in
        for index in 0..<writesPerThread {
          let write = optimistic.apply { $0.append("\(thread)-\(index)") }
          if index % 2 == 0 { write.confirm() }  // the others are dropped here
        }
      }

      XCTAssertEqual(optimistic.pendingCount, 0)
      XCTAssertEqual(list.value.count, threads * writesPerThread / 2)
      XCTAssertEqual(list.value, optimistic.confirmed.value)
    }
  }

  func testAHistoryOfTheConfirmedValueKeepsUpWithAnswersAndUndosFromManyThreads() async throws {
    for _ in 0..<iterations / 2 {
      let list = Variable([String]())
      let optimistic = OptimisticState(of: list)
      let history = UndoHistory(ofConfirmed: optimistic, maxSteps: .max)

      runOnThreads(threads) { [writesPerThread] thread in
        for index in 0..<writesPerThread {
          if thread == 0 {
            if index % 2 == 0 { history.undo() } else { history.redo() }
            continue
          }
          let write = optimistic.apply { $0.append("\(thread)-\(index)") }
          if index % 3 == 0 { write.rollBack() } else { write.confirm() }
        }
      }
      try await history.settle()
      XCTAssertTrue(list.waitUntilDelivered(timeout: .seconds(10)))

      XCTAssertEqual(history.archive.present, optimistic.confirmed.value)
      XCTAssertEqual(list.value, optimistic.confirmed.value)
      XCTAssertFalse(list.value.contains { $0.hasSuffix("-0") || $0.hasSuffix("-3") })
    }
  }

  /// Two answers at the same instant: each rebuilds the state, and the
  /// state ends on the rebuild that saw both, never on one that saw one,
  /// even when the writes take their time to apply.
  func testTwoRollbacksAtOnceLeaveTheStateWithNeither() {
    for _ in 0..<1_000 {
      let list = Variable(["base"])
      let optimistic = OptimisticState(of: list)
      let writes = ["a", "b", "c"].map { token in
        optimistic.apply { list in
          for _ in 0..<200 { list.append("") }  // a slow write
          list.removeLast(200)
          list.append(token)
        }
      }

      runOnThreads(2) { thread in writes[thread].rollBack() }

      XCTAssertEqual(list.value, ["base", "c"])
    }
  }

  /// Pushes and confirmations at once both change the confirmed value:
  /// neither is ever lost to the other, even when a push takes its time (it
  /// is then computed again on the newer value).
  func testPushesAndConfirmationsAtOnceLoseNeither() {
    for _ in 0..<200 {
      let list = Variable([String]())
      let optimistic = OptimisticState(of: list)
      let writes = (0..<20).map { index in optimistic.apply { $0.append("w\(index)") } }

      runOnThreads(2) { thread in
        for index in 0..<20 {
          if thread == 0 {
            optimistic.updateConfirmed { confirmed in
              for _ in 0..<200 { confirmed.append("") }  // a slow change
              confirmed.removeLast(200)
              confirmed.append("push \(index)")
            }
          } else {
            writes[index].confirm()
          }
        }
      }

      XCTAssertEqual(optimistic.confirmed.value.count, 40)
      XCTAssertEqual(list.value, optimistic.confirmed.value)
    }
  }
}

import FluxCore
import FluxCoreTesting
import XCTest

/// Optimistic writes on one thread: shown at once, kept or undone by their
/// answers, with pushes landing on the confirmed value.
final class OptimisticStateTests: XCTestCase {
  /// Appends `token`: writes that do not commute, so order shows.
  private func append(_ token: String) -> @Sendable (inout [String]) -> Void {
    { $0.append(token) }
  }

  func testAWriteIsShownAtOnceAndAConfirmationKeepsItWithoutAChange() {
    let list = Variable(["base"])
    let optimistic = OptimisticState(of: list)
    let changes = TestRecorder(list.changed)

    let write = optimistic.apply(append("a"))
    let shown = list.value
    write.confirm()

    XCTAssertEqual(shown, ["base", "a"])
    XCTAssertEqual(list.value, ["base", "a"])
    XCTAssertEqual(optimistic.confirmed.value, ["base", "a"])
    XCTAssertEqual(changes.values, [["base", "a"]])  // one change: the write
    XCTAssertEqual(write.outcome, .confirmed)
  }

  func testARollbackRebuildsFromTheConfirmedValueAndTheWritesStillPendingInOneChange() {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let a = optimistic.apply(append("a"))
    let b = optimistic.apply(append("b"))
    let c = optimistic.apply(append("c"))
    let changes = TestRecorder(list.changed)

    b.rollBack()

    XCTAssertEqual(changes.values, [["a", "c"]])
    XCTAssertEqual(optimistic.pendingCount, 2)
    XCTAssertEqual(optimistic.confirmed.value, [])
    withExtendedLifetime((a, c)) {}
  }

  func testAPushLandsOnTheConfirmedValueAndSurvivesEveryRollback() {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let a = optimistic.apply(append("a"))

    optimistic.updateConfirmed { $0.append("push") }
    let withPush = list.value
    a.rollBack()

    XCTAssertEqual(withPush, ["push", "a"])
    XCTAssertEqual(list.value, ["push"])
    XCTAssertEqual(optimistic.confirmed.value, ["push"])
  }

  func testAWriteConfirmedBeforeAnEarlierPendingOneKeepsItsPlace() {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let a = optimistic.apply(append("a"))
    let b = optimistic.apply(append("b"))
    let changes = TestRecorder(list.changed)

    b.confirm()
    let confirmedWhileAPending = optimistic.confirmed.value
    a.confirm()

    XCTAssertEqual(confirmedWhileAPending, [])
    XCTAssertEqual(optimistic.confirmed.value, ["a", "b"])
    XCTAssertEqual(changes.values, [])  // shown as ["a", "b"] all along
  }

  func testAPendingWriteFreedWithoutAnAnswerIsRolledBack() {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let kept = optimistic.apply(append("kept"))

    do { _ = optimistic.apply(append("dropped")) }

    XCTAssertEqual(list.value, ["kept"])
    XCTAssertEqual(optimistic.pendingCount, 1)
    withExtendedLifetime(kept) {}
  }

  func testOnlyTheFirstAnswerCounts() {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let write = optimistic.apply(append("a"))
    let changes = TestRecorder(list.changed)

    write.rollBack()
    write.confirm()
    write.rollBack()

    XCTAssertEqual(write.outcome, .rolledBack)
    XCTAssertEqual(changes.values, [[]])
    XCTAssertEqual(optimistic.confirmed.value, [])
  }

  func testAWriteAnsweredAfterItsStateIsFreedDoesNothing() {
    let list = Variable([String]())
    var optimistic: OptimisticState<[String]>? = OptimisticState(of: list)
    let write = optimistic!.apply(append("a"))

    optimistic = nil
    write.rollBack()

    XCTAssertEqual(list.value, ["a"])
    XCTAssertEqual(write.outcome, .rolledBack)
  }
}

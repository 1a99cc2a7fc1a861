import FluxCore
import FluxCoreTesting

/// The ways a ``RedrawTester`` check fails, as scenarios with a text their
/// failure contains, for FailuresReachSwiftTestingTests and
/// FailuresReachXCTestTests.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension FailingChecks {
  static let overBudget = "over the redraw budget: every row: redrawn once, budget 0"
  /// A reader of the whole list goes over the budget of an edit.
  @MainActor
  static func aReaderOfTheWholeListGoesOverBudget() async {
    let screen = BudgetScreen()
    let redraws = screen.listTester()
    redraws.reader("every row") { screen.rows.elements }
    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
    await redraws.expect(["row 7"])
  }

  static let redrawsUnchecked =
    "readers were redrawn after the last check, and the test did not check them: row 7 ×1"
  /// A tester freed after an action that no check checked.
  @MainActor
  static func aTesterIsFreedWithRedrawsUnchecked() async {
    let screen = BudgetScreen()
    let redraws = screen.listTester()
    screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
    await mainQueueTurns(2)
    withExtendedLifetime(redraws) {}
  }

  static let redrawsNotChecked =
    "the redraws were not checked: BudgetDispatcher.rename did not finish delivering within"
  /// A check whose action is still being delivered when its time runs out.
  @MainActor
  static func aCheckRunsOutOfTimeForTheDelivery() async {
    let screen = BudgetScreen()
    let redraws = RedrawTester(screen.dispatcher, timeout: .milliseconds(20))
    let held = HeldRename(screen.actions, screen.dispatcher)
    await redraws.expect([])
    _ = held?.releaseAndWaitForTheSender()
  }
}

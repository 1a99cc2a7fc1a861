import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Every failure FluxCoreTesting finds reaches XCTest too: the same checks
/// as in FailuresReachSwiftTestingTests, each made to fail inside
/// `expectFailures`, which fails the test if no failure was recorded.
final class FailuresReachXCTestTests: FailureCapturingTestCase {
  func testAssertValuesFailsAtTheCallersLine() {
    let variable = Variable(1)
    let recorder = TestRecorder(variable)
    variable.value = 2
    let line = #line + 3

    let failures = expectFailures(containing: FailingChecks.valuesDiffer) {
      assertValues(recorder, equal: [1, 3])
    }

    XCTAssertTrue(failures.allSatisfy { $0.hasSuffix("@\(line)") }, "\(failures)")
  }

  func testAssertValuesFails() {
    expectFailures(containing: FailingChecks.valuesDiffer) {
      FailingChecks.valuesDifferFromTheExpectedOnes()
    }
  }

  func testAssertNoLiveSubscriptionsFails() {
    expectFailures(containing: FailingChecks.subscriptionsLive) {
      FailingChecks.aSubscriptionIsStillLive()
    }
  }

  func testWithNoLiveSubscriptionsFailsEvenForASourceOnlyTheCheckHolds() async {
    await expectFailures(containing: FailingChecks.liveOnceTheBodyReturned) {
      await FailingChecks.aSubscriptionOutlivesTheBody()
    }
  }

  func testExpectDeliveredFailsWhenTimeRunsOut() {
    expectFailures(containing: FailingChecks.notDelivered) {
      FailingChecks.deliveriesTakeTooLong()
    }
  }

  func testTheAsyncExpectDeliveredFailsWhenTimeRunsOut() async {
    await expectFailures(containing: FailingChecks.notDeliveredAsync) {
      await FailingChecks.deliveriesTakeTooLongAsync()
    }
  }

  func testTheTesterFailsForAnActionLeftUnasserted() async {
    await expectFailures(containing: FailingChecks.actionNotAsserted) {
      await FailingChecks.anActionIsLeftUnasserted()
    }
  }

  func testTheTesterFailsWhenFreedWithAnActionLeft() {
    expectFailures(containing: FailingChecks.freedWithActionsLeft) {
      FailingChecks.aTesterIsFreedWithAnActionLeft()
    }
  }

  func testTheTesterFailsForAStateChangeLeftUnasserted() async {
    await expectFailures(containing: FailingChecks.changeNotSaid) {
      await FailingChecks.aStateChangeIsLeftUnasserted()
    }
  }

  func testTheTesterFailsForAStateChangeNoActionExplains() async {
    await expectFailures(containing: FailingChecks.changeAfterLastAssertion) {
      await FailingChecks.theStateChangesWithoutAnAction()
    }
  }

  func testTheTesterFailsForAnotherValue() async {
    await expectFailures(containing: FailingChecks.wrongValue) {
      await FailingChecks.theActionCarriesAnotherValue()
    }
  }

  func testTheTesterFailsForAnotherSubject() async {
    await expectFailures(containing: FailingChecks.wrongSubject) {
      await FailingChecks.theActionGoesToAnotherSubject()
    }
  }

  func testTheTesterFailsForAnotherState() async {
    await expectFailures(containing: FailingChecks.wrongState) {
      await FailingChecks.theStateChangesOtherwiseThanSaid()
    }
  }

  func testTheTesterFailsWhenTheActionNeverComes() async {
    await expectFailures(containing: FailingChecks.nothingSent) {
      await FailingChecks.theActionNeverComes()
    }
  }

  func testARedrawBudgetFailsAtTheCallersLine() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      throw XCTSkip("RedrawTester needs the Observation module")
    }
    let redraws = await MainActor.run {
      let screen = BudgetScreen()
      let redraws = screen.listTester()
      screen.actions.rename.dispatch(Rename(id: 7, title: "Seven"))
      return redraws
    }
    let line = #line + 3

    let failures = await expectFailures(containing: "over the redraw budget: row 7") {
      await redraws.expect(["row 8"])
    }

    XCTAssertTrue(failures.allSatisfy { $0.hasSuffix("@\(line)") }, "\(failures)")
  }

  func testARedrawBudgetFails() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      throw XCTSkip("RedrawTester needs the Observation module")
    }
    await expectFailures(containing: FailingChecks.overBudget) {
      await FailingChecks.aReaderOfTheWholeListGoesOverBudget()
    }
  }

  func testARedrawTesterFreedWithRedrawsUncheckedFails() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      throw XCTSkip("RedrawTester needs the Observation module")
    }
    await expectFailures(containing: FailingChecks.redrawsUnchecked) {
      await FailingChecks.aTesterIsFreedWithRedrawsUnchecked()
    }
  }

  func testARedrawCheckFailsWhenTheDeliveryRunsOutOfTime() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      throw XCTSkip("RedrawTester needs the Observation module")
    }
    await expectFailures(containing: FailingChecks.redrawsNotChecked) {
      await FailingChecks.aCheckRunsOutOfTimeForTheDelivery()
    }
  }

  /// From another thread, a failure reaches the running case.
  func testACheckOnAnotherThreadFailsTheRunningCase() async {
    await expectFailures(containing: FailingChecks.valuesDiffer) {
      await Elsewhere { FailingChecks.valuesDifferFromTheExpectedOnes() }.finished()
    }
  }

  /// The teardown check is made even for a source that only it holds by
  /// the end of the test: a subject the test made itself.
  func testTheTeardownCheckFailsEvenForASourceOnlyItHolds() {
    expectFailuresAtTeardown(containing: "subscriptions are still live at the end of the test")
    let subject = DispatchSubject<Int>()
    expectNoLiveSubscriptionsAtEnd(subject)
    _ = subject.subscribe { _ in }  // never disposed
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// What TCA's `TestStore` fails, the store tester fails too, in XCTest:
/// the checks of TestStoreParityTests, each made to fail inside
/// `expectFailures`, which fails the test if no failure was recorded.
final class TestStoreParityXCTests: FailureCapturingTestCase {
  func testAMutationThatChangesNothingFails() async {
    await expectFailures(containing: FailingChecks.noChange) {
      await FailingChecks.aMutationChangesNothing()
    }
  }

  func testInsideAMutationTheStateIsTheStateBeforeTheAction() async {
    let failures = await expectFailures(containing: "is not what the test expected") {
      await FailingChecks.aMutationKeepsTheStateBeforeTheAction()
    }

    XCTAssertTrue(failures.contains { $0.contains(FailingChecks.stateBefore) }, "\(failures)")
  }

  func testAnActionSentAfterFinishFails() async {
    await expectFailures(containing: FailingChecks.sentAfterFinish) {
      await FailingChecks.anActionIsSentAfterFinish()
    }
  }

  func testATaskStillRunningWhenFinishGivesUpFails() async {
    await expectFailures(containing: FailingChecks.stillRunning) {
      await FailingChecks.aTaskIsStillRunningAtFinish()
    }
  }

  func testTheWaitForADeliveryEndsWithinTheTimeout() async {
    var handlerReturnedFirst = true

    await expectFailures(containing: FailingChecks.notDeliveredInTime) {
      handlerReturnedFirst = await FailingChecks.aHandlerHangs()
    }

    XCTAssertFalse(handlerReturnedFirst, "receive waited for the hanging handler")
  }

  func testReceiveWaitsItsOwnTimeoutNotTheTesters() async {
    var waited = Duration.zero

    await expectFailures(containing: FailingChecks.nothingSentWithinItsOwnTimeout) {
      waited = await FailingChecks.theActionNeverComesWithinReceivesTimeout()
    }

    XCTAssertLessThan(waited, .seconds(5), "receive(timeout: 50 ms) waited \(waited)")
  }
}

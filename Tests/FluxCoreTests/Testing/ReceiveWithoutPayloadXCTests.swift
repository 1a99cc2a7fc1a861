import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// The failures of ReceiveWithoutPayloadTests reach XCTest too: each inside
/// `expectFailures`, which fails the test if no failure was recorded.
final class ReceiveWithoutPayloadXCTests: FailureCapturingTestCase {
  func testItFailsWhenTheNextActionIsAnotherOne() async {
    await expectFailures(containing: FailingChecks.anotherActionThanClear) {
      await FailingChecks.theNextActionIsNotClear()
    }
  }

  func testItFailsWhenTheActionNeverComes() async {
    await expectFailures(containing: FailingChecks.clearNeverComes) {
      await FailingChecks.clearIsNeverSent()
    }
  }

  func testItFailsWhenTheStateChangesAndTheTestDoesNotSayHow() async {
    await expectFailures(containing: FailingChecks.clearChangeNotSaid) {
      await FailingChecks.clearChangesTheStateUnasserted()
    }
  }
}

import FluxCoreTesting
import XCTest

/// Failing checks away from the test's task, under XCTest.
///
/// Each test makes one: the test must fail, with the check's message. The
/// control must pass.
final class XCTestProbes: XCTestCase {
  func testAFailingCheckOnAThread() async {
    await Place.thread.run(assertTwoWhenTheRecorderHoldsOne)
  }

  func testAFailingCheckInADetachedTask() async {
    await Place.detachedTask.run(assertTwoWhenTheRecorderHoldsOne)
  }

  func testAFailingCheckInADispatchCallback() async {
    await Place.dispatchCallback.run(assertTwoWhenTheRecorderHoldsOne)
  }

  func testAnActionSentAfterFinishFromAThread() async {
    await sendAnActionAfterFinish(from: .thread)
  }

  func testARedrawBudgetExceeded() async throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      throw XCTSkip("RedrawTester needs the Observation module")
    }
    await checkTheRedrawBudgetOfAnEdit(["row 1"])
  }

  func testControlPassingChecksEverywhere() async {
    for place in Place.allCases { await place.run(assertOneWhenTheRecorderHoldsOne) }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      await checkTheRedrawBudgetOfAnEdit(["row 1", "every row"])
    }
  }
}

/// A failing check on a thread in the second test case of a run whose first
/// made a passing check: FluxCoreTesting saw the second case start.
final class XCTestSecondCaseProbes: XCTestCase {
  func testAPassingCheckFirst() {
    assertOneWhenTheRecorderHoldsOne()
  }

  func testThenAFailingCheckOnAThread() async {
    await Place.thread.run(assertTwoWhenTheRecorderHoldsOne)
  }
}

import FluxCoreTesting
import Testing

/// Failing checks away from the test's task, under Swift Testing.
///
/// Each test makes one: the run must fail, with the check's message. The
/// control must pass.
@Suite struct SwiftTestingProbes {
  @Test func aFailingCheckOnAThread() async {
    await Place.thread.run(assertTwoWhenTheRecorderHoldsOne)
  }

  @Test func aFailingCheckInADetachedTask() async {
    await Place.detachedTask.run(assertTwoWhenTheRecorderHoldsOne)
  }

  @Test func aFailingCheckInADispatchCallback() async {
    await Place.dispatchCallback.run(assertTwoWhenTheRecorderHoldsOne)
  }

  @Test func anActionSentAfterFinishFromADetachedTask() async {
    await sendAnActionAfterFinish(from: .detachedTask)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aRedrawBudgetExceeded() async {
    await checkTheRedrawBudgetOfAnEdit(["row 1"])
  }

  @Test func controlPassingChecksEverywhere() async {
    for place in Place.allCases { await place.run(assertOneWhenTheRecorderHoldsOne) }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      await checkTheRedrawBudgetOfAnEdit(["row 1", "every row"])
    }
  }
}

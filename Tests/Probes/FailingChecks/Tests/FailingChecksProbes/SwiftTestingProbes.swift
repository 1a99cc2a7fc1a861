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

  @Test func controlPassingChecksEverywhere() async {
    for place in Place.allCases { await place.run(assertOneWhenTheRecorderHoldsOne) }
  }
}

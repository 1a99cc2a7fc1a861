import FluxCore
import FluxCoreTesting
import TestSupport

/// Each way a check of FluxCoreTesting can fail, as a scenario that makes it
/// fail, with a text its failure contains: run under Swift Testing in
/// `withKnownIssue`, and under XCTest in `expectFailures`, so that both
/// frameworks are shown to receive every failure.
enum FailingChecks {
  static let valuesDiffer = "recorded values differ from the expected ones"
  static func valuesDifferFromTheExpectedOnes() {
    let variable = Variable(1)
    let recorder = TestRecorder(variable)
    variable.value = 2
    assertValues(recorder, equal: [1, 3])
  }

  static let subscriptionsLive = "subscriptions are still live"
  static func aSubscriptionIsStillLive() {
    let subject = DispatchSubject<Int>()
    let subscription = subject.subscribe { _ in }
    assertNoLiveSubscriptions(subject)
    subscription.dispose()
  }

  static let liveOnceTheBodyReturned = "subscriptions are still live once the body returned"
  /// The subject is made inside the test and held only by the check: it is
  /// still checked.
  static func aSubscriptionOutlivesTheBody() async {
    let subject = DispatchSubject<Int>()
    await withNoLiveSubscriptions(subject) {
      _ = subject.subscribe { _ in }  // the token is dropped, never disposed
    }
  }

  static let notDelivered = "did not finish delivering within"
  static func deliveriesTakeTooLong() {
    let held = HeldSubject()
    held.hold()
    held.subject.dispatch(1)
    expectDelivered(held.subject, within: .milliseconds(20))
    held.release()
    held.finish()
  }

  static let notDeliveredAsync = "the deliveries did not finish within"
  static func deliveriesTakeTooLongAsync() async {
    let held = HeldSubject()
    held.hold()
    held.subject.dispatch(1)
    await expectDelivered(held.subject, within: .milliseconds(20))
    held.release()
    held.finish()
  }

  static let actionNotAsserted =
    "1 action was received but not asserted:\n  CounterDispatcher.add ← 2"
  static func anActionIsLeftUnasserted() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(1)
    feature.actions.add.dispatch(2)
    await tester.receive(\.add, 1) { $0.count = 1 }
    await tester.finish()
  }

  static let freedWithActionsLeft = "1 action was received but not asserted"
  static func aTesterIsFreedWithAnActionLeft() {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(1)
    _ = tester
  }

  static let changeNotSaid =
    "the state changed after CounterDispatcher.add ← 5, but the test did not say how"
  static func aStateChangeIsLeftUnasserted() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(5)
    await tester.receive(\.add, 5)
    await tester.finish()
  }

  static let changeAfterLastAssertion = "the state changed after the last assertion"
  /// A change that no action sent through a view explains.
  static func theStateChangesWithoutAnAction() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.dispatcher.add.dispatch(1)  // straight to the subject: not an action
    await tester.finish()
  }

  static let wrongValue =
    "expected to receive CounterDispatcher.add ← 2, received CounterDispatcher.add ← 3"
  static func theActionCarriesAnotherValue() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(3)
    await tester.receive(\.add, 2) { $0.count = 2 }
    await tester.finish()
  }

  static let wrongSubject =
    "expected to receive CounterDispatcher.note ← hi, received CounterDispatcher.add ← 1"
  static func theActionGoesToAnotherSubject() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(1)
    await tester.receive(\.note, "hi")
    await tester.finish()
  }

  static let wrongState =
    "the state after CounterDispatcher.reset ← again is not what the test expected"
  static func theStateChangesOtherwiseThanSaid() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.reset.dispatch("again")
    await tester.receive(\.reset, "again") { $0.count = 0 }  // forgets `resets`
    await tester.finish()
  }

  static let nothingSent =
    "expected to receive CounterDispatcher.add ← 1, but nothing matching was sent within"
  static func theActionNeverComes() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, timeout: .milliseconds(50)) {
      feature.store.state
    }
    await tester.receive(\.add, 1) { $0.count = 1 }
    await tester.finish()
  }
}

/// The store tester's checks at the level of TCA's `TestStore`.
extension FailingChecks {
  static let noChange =
    "expected the state to change after CounterDispatcher.note ← noop, but it did not"
  /// The mutation sets what the state already held.
  static func aMutationChangesNothing() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.note.dispatch("noop")
    await tester.receive(\.note, "noop") { $0.count = 0 }
    await tester.finish()
  }

  static let stateBefore = "- count: 0"
  /// Inside the mutation, the tester's state is the state before the
  /// action: keeping it is saying that the action changed nothing.
  static func aMutationKeepsTheStateBeforeTheAction() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(2)
    await tester.receive(\.add, 2) { $0 = tester.state }
    await tester.finish()
  }

  static let sentAfterFinish = "CounterDispatcher.add ← 1 was sent after finish()"
  static func anActionIsSentAfterFinish() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    await tester.finish()
    withExtendedLifetime(tester) { feature.actions.add.dispatch(1) }
  }

  static let stillRunning = "task #1 of 1 was still running"
  /// An action creator's task still sending when the test finishes.
  static func aTaskIsStillRunningAtFinish() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    let (gate, _) = AsyncStream<Void>.makeStream()
    let task = Task { [actions = feature.actions] in
      actions.add.dispatch(1)
      for await _ in gate {}  // until cancelled
      if !Task.isCancelled { actions.add.dispatch(2) }
    }
    await tester.receive(\.add, 1) { $0.count = 1 }
    await tester.finish(waitingFor: [task], timeout: .milliseconds(100))
    task.cancel()
    await task.value
  }

  static let notDeliveredInTime =
    "CounterDispatcher.add ← 1 was sent, but not delivered within 0.2 seconds"
  /// A handler hangs: the wait for the action's delivery ends within the
  /// timeout.
  ///
  /// Returns whether the handler had returned when `receive` did.
  static func aHandlerHangs() async -> Bool {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    // Held for up to two minutes: a receive that gave up after its own
    // 200 ms comes back long before, however busy the machine.
    let hanging = HangingHandler(on: feature.dispatcher.add, boundInSeconds: 120)
    let sender = Elsewhere { feature.actions.add.dispatch(1) }
    await tester.receive(\.add, 1, timeout: .milliseconds(200)) { $0.count = 1 }
    let returnedFirst = hanging.hasReturned
    hanging.letGo()
    await sender.finished()
    await tester.finish()
    return returnedFirst
  }

  static let nothingSentWithinItsOwnTimeout =
    "expected to receive CounterDispatcher.add ← 1, but nothing matching was sent within 0.05 seconds"
  /// `receive(timeout:)` waits its own timeout, not the tester's (two
  /// minutes here: far beyond what a busy machine adds to 50 ms).
  ///
  /// Returns how long it waited.
  static func theActionNeverComesWithinReceivesTimeout() async -> Duration {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, timeout: .seconds(120)) { feature.store.state }
    let waited = await ContinuousClock().measure {
      await tester.receive(\.add, 1, timeout: .milliseconds(50)) { $0.count = 1 }
    }
    await tester.finish()
    return waited
  }
}

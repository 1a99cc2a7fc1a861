import Dispatch
import FluxCore
import FluxCoreTesting
import Testing

/// The store tester's passing paths.
///
/// FailuresReachSwiftTestingTests shows each failing one; a test here that
/// recorded an issue would fail.
@Suite struct StoreTesterTests {
  @Test func anExhaustiveTestOfEveryActionAndEveryChangePasses() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    feature.actions.add.dispatch(2)
    await tester.receive(\.add, 2) { $0.count = 2 }
    feature.actions.note.dispatch("changes nothing")
    await tester.receive(\.note, "changes nothing")
    feature.actions.reset.dispatch("start over")
    await tester.receive(\.reset, "start over") {
      $0.count = 0
      $0.resets = 1
    }
    await tester.finish()

    #expect(tester.state == CounterState(count: 0, resets: 1))
  }

  /// Each action's state is the state just before the next one was sent, so
  /// actions sent back to back are asserted one by one.
  @Test func actionsSentBeforeTheTestAssertsAreAssertedOneByOne() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    feature.actions.add.dispatch(1)
    feature.actions.add.dispatch(2)
    feature.actions.add.dispatch(3)

    await tester.receive(\.add, 1) { $0.count = 1 }
    await tester.receive(\.add, 2) { $0.count = 3 }
    await tester.receive(\.add, 3) { $0.count = 6 }
    await tester.finish()
  }

  @Test func withExhaustivityOffOnlyWhatIsAssertedIsChecked() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, exhaustivity: .off) { feature.store.state }

    feature.actions.add.dispatch(1)
    feature.actions.note.dispatch("skipped")
    feature.actions.reset.dispatch("also skipped")
    feature.actions.add.dispatch(5)
    await tester.receive(\.add, 5) { $0.count = 5 }
    feature.actions.add.dispatch(1)
    await tester.finish()
  }

  /// An action sent later, from another task, is waited for: without
  /// sleeping, woken when it is sent.
  @Test func theTesterWaitsForAnActionSentLaterFromAnotherTask() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    let sender = Task.detached { feature.actions.add.dispatch(4) }
    await tester.receive(\.add, 4) { $0.count = 4 }
    await sender.value
    await tester.finish()
  }

  /// The tester reads the state only once an action the log saw is in its
  /// subject's hands.
  ///
  /// Here a second log observer holds the dispatching thread for 100 ms
  /// between the log seeing the action and its dispatch: a tester that
  /// read the state as soon as the log saw the action would read it before
  /// the change. The hold only widens that window; the test passes however
  /// long it is.
  @Test func theTesterWaitsForADispatchTheLogSawBeforeTheSubjectGotIt() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    let holding = DispatchLog.observe(feature.dispatcher) { _ in
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(100))
      return nil
    }

    let sender = Task.detached { feature.actions.add.dispatch(5) }
    await tester.receive(\.add, 5) { $0.count = 5 }
    await sender.value
    await tester.finish()
    holding.dispose()
  }

  /// An action whose value is not `Equatable`, checked with a predicate.
  @Test func anActionCanBeMatchedByAPredicate() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    feature.actions.note.dispatch("a long note about nothing")
    await tester.receive(\.note, where: { $0.hasPrefix("a long") })
    await tester.finish()
  }

  /// Testers of two dispatchers, in tests that run at once, see only their
  /// own dispatcher's actions.
  @Test func aTesterSeesOnlyItsOwnDispatchersActions() async {
    let mine = CounterFeature()
    let other = CounterFeature()
    let tester = StoreTester(mine.dispatcher) { mine.store.state }

    other.actions.add.dispatch(100)
    mine.actions.add.dispatch(1)
    other.actions.reset.dispatch("elsewhere")

    await tester.receive(\.add, 1) { $0.count = 1 }
    await tester.finish()
  }

  /// As in TCA's `TestStore`: the mutation can compute the state after
  /// the action from the state before it.
  @Test func insideAMutationTheTestersStateIsTheStateBeforeTheAction() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    var inside: CounterState?

    feature.actions.add.dispatch(2)
    await tester.receive(\.add, 2) {
      inside = tester.state
      $0.count = tester.state.count + 2
    }

    #expect(inside == CounterState(count: 0, resets: 0))
    #expect(tester.state == CounterState(count: 2, resets: 0))
    await tester.finish()
  }

  /// The task ends in time: what it sent is asserted, and nothing fails.
  @Test func finishWaitsForTheTasksItIsGiven() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    let (go, letItGo) = AsyncStream<Void>.makeStream()
    let task = Task { [actions = feature.actions] in
      actions.add.dispatch(1)
      for await _ in go {}  // until the test lets it go
      actions.note.dispatch("done")
    }

    await tester.receive(\.add, 1) { $0.count = 1 }
    letItGo.finish()
    await tester.receive(\.note, "done")
    await tester.finish(waitingFor: [task])
  }

  /// With exhaustivity off, as with a non-exhaustive `TestStore`, what is
  /// still running at the end is not checked.
  @Test func withExhaustivityOffAnActionAfterFinishIsNotChecked() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, exhaustivity: .off) { feature.store.state }

    await tester.finish()
    feature.actions.add.dispatch(1)

    withExtendedLifetime(tester) {}
  }
}

import FluxCore
import FluxCoreTesting
import Testing

/// `receive(\.clear)` asserts an action without a payload
/// (`DispatchSubject<Void>`), as TCA's `receive(\.action)` does, and fails
/// as every other `receive` does.
@Suite struct ReceiveWithoutPayloadTests {
  @Test func anActionWithoutAPayloadIsReceivedWithItsChange() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    feature.actions.add.dispatch(3)
    feature.actions.clear.dispatch(())

    await tester.receive(\.add, 3) { $0.count = 3 }
    await tester.receive(\.clear) { $0.count = 0 }
    await tester.finish()
  }

  @Test func anActionWithoutAPayloadThatChangesNothingIsReceivedAlone() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }

    feature.actions.clear.dispatch(())

    await tester.receive(\.clear)
    await tester.finish()
  }

  @Test func withExhaustivityOffTheActionsBeforeItAreSkipped() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, exhaustivity: .off) { feature.store.state }

    feature.actions.add.dispatch(1)
    feature.actions.note.dispatch("skipped")
    feature.actions.clear.dispatch(())

    await tester.receive(\.clear) { $0.count = 0 }
    await tester.finish()
  }

  @Test func itFailsWhenTheNextActionIsAnotherOne() async {
    await withKnownIssue {
      await FailingChecks.theNextActionIsNotClear()
    } matching: {
      $0.says(FailingChecks.anotherActionThanClear)
    }
  }

  @Test func itFailsWhenTheActionNeverComes() async {
    await withKnownIssue {
      await FailingChecks.clearIsNeverSent()
    } matching: {
      $0.says(FailingChecks.clearNeverComes)
    }
  }

  @Test func itFailsWhenTheStateChangesAndTheTestDoesNotSayHow() async {
    await withKnownIssue {
      await FailingChecks.clearChangesTheStateUnasserted()
    } matching: {
      $0.says(FailingChecks.clearChangeNotSaid)
    }
  }
}

import FluxCore
import FluxCoreTesting

/// The ways `receive(_:)` of an action without a payload fails, for
/// ReceiveWithoutPayloadTests (Swift Testing) and ReceiveWithoutPayloadXCTests.
extension FailingChecks {
  static let anotherActionThanClear =
    "expected to receive CounterDispatcher.clear ← (), received CounterDispatcher.add ← 1"
  static func theNextActionIsNotClear() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(1)
    await tester.receive(\.clear) { $0.count = 0 }
    await tester.finish()
  }

  static let clearNeverComes =
    "expected to receive CounterDispatcher.clear ← (), but nothing matching was sent within"
  static func clearIsNeverSent() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher, timeout: .milliseconds(50)) {
      feature.store.state
    }
    await tester.receive(\.clear)
    await tester.finish()
  }

  static let clearChangeNotSaid =
    "the state changed after CounterDispatcher.clear ← (), but the test did not say how"
  static func clearChangesTheStateUnasserted() async {
    let feature = CounterFeature()
    let tester = StoreTester(feature.dispatcher) { feature.store.state }
    feature.actions.add.dispatch(2)
    await tester.receive(\.add, 2) { $0.count = 2 }
    feature.actions.clear.dispatch(())
    await tester.receive(\.clear)
    await tester.finish()
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10, "the first frame is a whole action's", for a view that
/// joins two of one thread's actions late.
///
/// The thread is inside its own action and, nested in it, a delivery it
/// makes on another thread's behalf (an action of its own, guarantee 8),
/// both of which wrote state the view reads. The nested one ends first;
/// the view still gets its late value when the outer one ends, and
/// "waiting shows it".
@MainActor
@Suite struct LateJoinLevelsTests {
  @Test func aViewThatJoinedAnActionAndOneNestedInItLateShowsBothOnceTheyEnd() async {
    let first = Variable(0)
    let second = Variable(0)
    let steps = Steps()
    let answer = DispatchSubject<Int>()
    // The delivering thread holds its delivery of 1 until the test has
    // queued 2 behind it; it delivers 2 on the test's behalf, writes the
    // second state, and waits there while the test makes its view.
    let gate = answer.subscribe { value in
      steps.holdingOne(value)
      if value == 2 {
        second.value = 2
        steps.pass(.stillInItsAction, waitingFor: .released)
      }
    }
    let outer = DispatchSubject<Void>()
    let action = outer.subscribe { _ in
      first.value = 1  // the outer action writes state
      answer.dispatch(1)  // delivers 1, then 2 for the test
    }
    startThread { outer.dispatch(()) }

    guard await steps.queue(2, behindOneOn: answer) else { return }
    guard await steps.reached(.stillInItsAction) else { return }
    // Inside both actions: the view reads the state before either.
    let both = Property(derivedFrom: first.asProperty(), second.asProperty()) {
      Pair(first: $0, second: $1)
    }
    let shown = Latest(Pair(first: -1, second: -1))
    let view = both.observeOnMainActor { shown.value = $0 }
    let atOnce = shown.value
    steps.signal(.released)
    await outer.waitUntilDelivered()
    await answer.waitUntilDelivered()
    await MainActor.run {}

    #expect(atOnce == Pair(first: 0, second: 0))
    #expect(shown.value == Pair(first: 1, second: 2))
    view.dispose()
    gate.dispose()
    action.dispose()
  }
}

/// The last value a view was given.
@MainActor
private final class Latest<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// Two values shown together.
struct Pair: Equatable, Sendable, CustomStringConvertible {
  var first: Int
  var second: Int
  var description: String { "\(first)/\(second)" }
}

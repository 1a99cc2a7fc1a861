import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10 across a delivery made on another thread's behalf.
///
/// An action that has kept a value for one view, then delivers an event
/// queued by another thread (an action of its own, committed when its
/// delivery ends), then writes another view's state, reaches the screen
/// whole: the other thread's event commits only what it changed, never
/// what the action around it kept before it.
@MainActor
@Suite struct SubframeTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aDeliveryForAnotherThreadDoesNotCommitWhatTheActionAroundItKept(
    way: WayOntoTheMainActor
  ) async {
    let first = Variable(0)
    let second = Variable(0)
    let (screen, keep) = way.screen(query: first.asProperty(), total: second.asProperty())
    let steps = Steps()
    let answer = DispatchSubject<Int>()
    // The delivering thread holds its delivery of 1 until the test has
    // queued 2 behind it, which it then delivers on the test's behalf.
    let gate = answer.subscribe(steps.holdingOne)
    let outer = DispatchSubject<Void>()
    let action = outer.subscribe { _ in
      first.value = 1  // the only value the action has kept so far
      answer.dispatch(1)  // delivers 1, then 2 for the test
      steps.pass(.stillInItsAction, waitingFor: .released)
      second.value = 1
    }
    startThread {
      outer.dispatch(())
      steps.signal(.actionEnded)
    }

    guard await steps.queue(2, behindOneOn: answer) else { return }
    guard await steps.reached(.stillInItsAction) else { return }
    let midAction = await MainActor.run { screen.current }
    steps.signal(.released)
    guard await steps.reached(.actionEnded) else { return }
    let atTheEnd = await MainActor.run { screen.current }

    #expect(midAction == Shown(0, 0))
    #expect(atTheEnd == Shown(1, 1))
    gate.dispose()
    action.dispose()
    withExtendedLifetime(keep) {}
  }

  /// Values the action kept before the delivery for another thread (two
  /// views' states) are still its own after that delivery's frame is
  /// committed, and after the action keeps more: each view ends on what the
  /// action set it to.
  @Test func valuesKeptBeforeADeliveryForAnotherThreadSurviveIt() async {
    let names = ["x", "y", "z", "p", "q"]
    let states = Dictionary(uniqueKeysWithValues: names.map { ($0, Variable(0)) })
    let shown = LastValues()
    let views = names.map { name in
      states[name]!.observeOnMainActor { shown.values[name] = $0 }
    }
    let steps = Steps()
    let answer = DispatchSubject<Int>()
    let gate = answer.subscribe { value in
      steps.holdingOne(value)
      if value == 2 {  // the test's action, delivered by the other thread
        states["p"]!.value = 20
        states["q"]!.value = 21
      }
    }
    let outer = DispatchSubject<Void>()
    let action = outer.subscribe { _ in
      states["x"]!.value = 1
      states["y"]!.value = 2
      answer.dispatch(1)  // delivers 1, then 2 for the test
      states["z"]!.value = 3
    }
    startThread {
      outer.dispatch(())
      steps.signal(.actionEnded)
    }

    guard await steps.queue(2, behindOneOn: answer) else { return }
    guard await steps.reached(.actionEnded) else { return }
    let values = await MainActor.run { shown.values }

    #expect(values == ["x": 1, "y": 2, "z": 3, "p": 20, "q": 21])
    for view in views { view.dispose() }
    gate.dispose()
    action.dispose()
  }
}

/// The last value each view was given, by name.
@MainActor
private final class LastValues {
  var values: [String: Int] = [:]
}

import FluxCore
import TestSupport
import Testing

/// Guarantee 10 inside one main-actor turn: a turn takes every view's
/// values in one step, so a frame committed while a turn runs reaches all
/// of its views in that turn or none of them.
///
/// Two views of two states that every action sets together, flooded from a
/// background thread while the main actor takes turns: after every turn,
/// both views show the same action. (A turn that took one view's value,
/// then the other's after a commit in between, would show one action's
/// value beside the next one's.)
@MainActor
@Suite struct TurnTearTests {
  @Test func noTurnShowsTwoViewsOfOneActionFromDifferentActions() async {
    for _ in 0..<3 {
      let first = Variable(0)
      let second = Variable(0)
      let actions = DispatchSubject<Int>()
      let store = actions.subscribe { number in
        first.value = number
        second.value = number
      }
      let screen = TurnScreen()
      let views = [
        first.observeOnMainActor { screen.show($0, on: 0) },
        second.observeOnMainActor { screen.show($0, on: 1) },
      ]
      let count = 20_000

      await screen.flood(actions, count: count, writing: first, second)

      #expect(screen.torn.isEmpty, "turns that showed two actions: \(screen.torn.prefix(5))")
      #expect(screen.shownValues == [count])
      #expect(screen.turns > 1, "the flood took one turn: nothing was tested")
      for view in views { view.dispose() }
      store.dispose()
    }
  }
}

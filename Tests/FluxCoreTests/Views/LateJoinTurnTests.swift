import Dispatch
import FluxCore
import TestSupport
import Testing

/// Guarantee 10, "one action, one frame", for views that join an action
/// late.
///
/// A view made while a background thread's action is half-delivered
/// reaches the screen in the same main-actor turn as the views already on
/// it that the action changed, never a turn after them. Each action sets
/// two states; one is on screen, and the action's handler has the main
/// actor make views of the other while it is in progress (they show the
/// state before it, and join it late). After every turn, every view shows
/// the same action.
@MainActor
@Suite struct LateJoinTurnTests {
  @Test func viewsMadeMidActionShowItInTheSameTurnAsTheViewsOnScreen() async {
    let first = Variable(0)
    let second = Variable(0)
    let screen = TurnScreen()
    let onScreen = first.observeOnMainActor { screen.show($0, on: -1) }
    let made = MadeViews()
    let actions = DispatchSubject<Int>()
    let writer = actions.subscribe { number in
      first.value = number
      second.value = number
      // Mid-action, on the main actor: views of the second state.
      DispatchQueue.main.sync {
        MainActor.assumeIsolated { made.replace(of: second, on: screen) }
      }
    }
    let count = 300

    await screen.flood(actions, count: count, writing: first, second)

    let torn = screen.torn.count
    #expect(torn == 0, "\(torn) turns showed two actions, first: \(screen.torn.prefix(5))")
    #expect(screen.shownValues == [count])
    #expect(screen.turns > 1, "one turn: nothing was tested")
    made.disposeAll(on: screen)
    onScreen.dispose()
    writer.dispose()
  }
}

/// The views made mid-action, replaced by the next action's.
@MainActor
private final class MadeViews {
  /// How many views of the second state each action makes: the more there
  /// are, the longer the end of the action takes to make them ready.
  static let perAction = 100
  private var views: [(key: Int, token: any Disposable)] = []
  private var nextKey = 0

  func replace(of state: Variable<Int>, on screen: TurnScreen) {
    disposeAll(on: screen)
    for _ in 0..<Self.perAction {
      let key = nextKey
      nextKey += 1
      views.append((key, state.observeOnMainActor { screen.show($0, on: key) }))
    }
  }

  func disposeAll(on screen: TurnScreen) {
    screen.checkSoFar()
    for (key, token) in views {
      token.dispose()
      screen.remove(key)
    }
    views = []
  }
}

@_spi(Diagnostics) import FluxCore
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
      let log = TurnLog()
      let views = [
        first.observeOnMainActor { log.record(first: $0) },
        second.observeOnMainActor { log.record(second: $0) },
      ]
      let count = 20_000

      await onANewThread {
        for number in 1...count { actions.dispatch(number) }
      }
      await first.waitUntilDelivered()
      await second.waitUntilDelivered()
      await MainActor.run {}
      log.endTurn()

      #expect(log.torn.isEmpty, "turns that showed two actions: \(log.torn.prefix(5))")
      #expect(log.shown == Pair(first: count, second: count))
      #expect(log.turns > 1, "the flood took one turn: nothing was tested")
      for view in views { view.dispose() }
      store.dispose()
    }
  }
}

/// Two values shown together.
struct Pair: Equatable, Sendable, CustomStringConvertible {
  var first: Int
  var second: Int
  var description: String { "\(first)/\(second)" }
}

/// What the two views show, checked at the end of every turn: a handler
/// called in a turn other than the last one's (told by `HopCount`, which
/// counts turns) ends the last one.
@MainActor
private final class TurnLog {
  private(set) var shown = Pair(first: 0, second: 0)
  private(set) var torn: [Pair] = []
  private(set) var turns = 0
  private var turn: Int?

  func record(first value: Int) {
    noteTurn()
    shown.first = value
  }

  func record(second value: Int) {
    noteTurn()
    shown.second = value
  }

  private func noteTurn() {
    let now = HopCount.total
    if turn != now {
      endTurn()
      turn = now
    }
  }

  /// Checks what the turn that ended left on screen.
  func endTurn() {
    guard turn != nil else { return }
    turns += 1
    if shown.first != shown.second { torn.append(shown) }
  }
}

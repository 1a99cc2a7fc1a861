@_spi(Diagnostics) import FluxCore

/// What every view on screen shows, by key, checked at the end of every
/// main-actor turn: a handler called in a turn other than the last one's
/// (told by `HopCount`, which counts turns) ends the last one, and so does
/// ``checkSoFar()``, before views go.
@MainActor
final class TurnScreen {
  private var shown: [Int: Int] = [:]
  private(set) var torn: [[Int]] = []
  private(set) var turns = 0
  private var turn: Int?

  var shownValues: Set<Int> { Set(shown.values) }

  func show(_ value: Int, on key: Int) {
    noteTurn()
    shown[key] = value
  }

  func remove(_ key: Int) {
    shown[key] = nil
  }

  /// Checks the turn that has ended, if one has.
  func checkSoFar() {
    noteTurn()
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
    if shownValues.count > 1 { torn.append(shownValues.sorted()) }
  }
}

extension TurnScreen {
  /// Dispatches 1 through `count` to `actions` from a thread of its own,
  /// waits until `states` have delivered them and the main actor has taken
  /// a turn, and checks the last turn.
  func flood(_ actions: DispatchSubject<Int>, count: Int, writing states: Variable<Int>...) async {
    await onANewThread {
      for number in 1...count { actions.dispatch(number) }
    }
    for state in states { await state.waitUntilDelivered() }
    await MainActor.run {}
    endTurn()
  }
}

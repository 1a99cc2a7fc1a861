import FluxCore
import FluxCoreTesting
import XCTest

/// Three writes pending at once, answered in every order with every
/// combination of confirm and rollback, and a push at every point in
/// between: after each step the state, the confirmed value and the changes
/// views saw are exactly what the rules say.
final class OptimisticOrderTests: XCTestCase {
  /// The rules, written out plainly: a reference to check against.
  private struct Reference {
    var confirmed: [String] = []
    var writes: [(token: String, isConfirmed: Bool)] = []

    var shown: [String] { confirmed + writes.map(\.token) }

    mutating func answer(_ token: String, confirm: Bool) {
      let index = writes.firstIndex { $0.token == token }!
      if confirm { writes[index].isConfirmed = true } else { writes.remove(at: index) }
      while let first = writes.first, first.isConfirmed {
        confirmed.append(first.token)
        writes.removeFirst()
      }
    }
  }

  private static let orders = [
    [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
  ]

  func testThreePendingWritesAnsweredInEveryOrderWithEveryOutcomeAndAPushInBetween() {
    var scenarios = 0
    for order in Self.orders {
      for outcomes in 0..<8 {
        for pushAt in 0...3 {
          check(order: order, confirms: (0..<3).map { outcomes >> $0 & 1 == 1 }, pushAt: pushAt)
          scenarios += 1
        }
      }
    }
    XCTAssertEqual(scenarios, 192)
  }

  /// Applies w0, w1, w2, then answers them in `order`, `confirms[i]` saying
  /// how w_i is answered, pushing before the answer at `pushAt` (3: after
  /// the last).
  private func check(order: [Int], confirms: [Bool], pushAt: Int) {
    let scenario = "order \(order), confirms \(confirms), push at \(pushAt)"
    let list = Variable(["base"])
    let optimistic = OptimisticState(of: list)
    var reference = Reference(confirmed: ["base"])
    let writes = (0..<3).map { index in
      reference.writes.append(("w\(index)", false))
      return optimistic.apply { $0.append("w\(index)") }
    }
    let changes = TestRecorder(list.changed)
    var expectedChanges: [[String]] = []

    for (step, index) in order.enumerated() {
      if step == pushAt {
        optimistic.updateConfirmed { $0.append("push") }
        reference.confirmed.append("push")
        expectedChanges.append(reference.shown)
      }
      if confirms[index] { writes[index].confirm() } else { writes[index].rollBack() }
      reference.answer("w\(index)", confirm: confirms[index])
      if !confirms[index] { expectedChanges.append(reference.shown) }

      XCTAssertEqual(list.value, reference.shown, "\(scenario), after answering w\(index)")
      XCTAssertEqual(optimistic.confirmed.value, reference.confirmed, scenario)
    }
    if pushAt == 3 {
      optimistic.updateConfirmed { $0.append("push") }
      reference.confirmed.append("push")
      expectedChanges.append(reference.shown)
    }

    XCTAssertEqual(changes.values, expectedChanges, "\(scenario): one change per rollback and push")
    XCTAssertEqual(list.value, optimistic.confirmed.value, scenario)
    XCTAssertEqual(
      list.value.filter { $0.hasPrefix("w") }, (0..<3).filter { confirms[$0] }.map { "w\($0)" },
      scenario)
    XCTAssertEqual(optimistic.pendingCount, 0, scenario)
  }
}

import FluxCore
import FluxCoreTesting
import XCTest

/// `UndoRevert.byElement` on random changes of a list: with nothing
/// changed since the step, an undo gives exactly the list before it and a
/// redo exactly the list after it; with a change since, that change stays.
final class ByElementTests: XCTestCase {
  private let revert = UndoRevert<[Todo]>.byElement

  /// A random change of `list`: removals, additions, edits and moves.
  private func changed(_ list: [Todo], _ random: inout SeededRandomNumberGenerator, ids: inout Int)
    -> [Todo]
  {
    var list = list
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !list.isEmpty: list.remove(at: Int.random(in: 0..<list.count, using: &random))
      case 1:
        ids += 1
        list.insert(Todo(id: ids, title: ""), at: Int.random(in: 0...list.count, using: &random))
      case 2 where !list.isEmpty:
        list[Int.random(in: 0..<list.count, using: &random)].isDone.toggle()
      case 3 where !list.isEmpty:
        let moved = list.remove(at: Int.random(in: 0..<list.count, using: &random))
        list.insert(moved, at: Int.random(in: 0...list.count, using: &random))
      default: break
      }
    }
    return list
  }

  func testWithNothingChangedSinceUndoAndRedoGiveTheStatesOfTheStepExactly() {
    var random = SeededRandomNumberGenerator(seed: 38)
    for _ in 0..<2_000 {
      var ids = 0
      let before = changed([], &random, ids: &ids) + changed([], &random, ids: &ids)
      let after = changed(before, &random, ids: &ids)
      let step = UndoHistory<[Todo]>.Step(before: before, after: after)

      XCTAssertEqual(revert.undo(after, step), before, "\(before.text) → \(after.text)")
      XCTAssertEqual(revert.redo(before, step), after, "\(before.text) → \(after.text)")
    }
  }

  func testWhatChangedSinceTheStepStaysAndWhatTheStepChangedGoesBack() {
    var random = SeededRandomNumberGenerator(seed: 39)
    for _ in 0..<2_000 {
      var ids = 1_000
      let before = (1...8).map { Todo(id: $0, title: "") }
      let after = changed(before, &random, ids: &ids)
      ids = 2_000
      let present = changed(after, &random, ids: &ids)  // a sync, say
      let step = UndoHistory<[Todo]>.Step(before: before, after: after)

      let undone = revert.undo(present, step)

      let addedSince = present.filter { $0.id > 2_000 }
      XCTAssertEqual(undone.filter { $0.id > 2_000 }, addedSince)
      XCTAssertTrue(undone.allSatisfy { $0.id <= 8 || $0.id > 2_000 }, undone.text)
      XCTAssertEqual(Set(undone.map(\.id)).count, undone.count, undone.text)
    }
  }

  func testDuplicateIdsAndEmptyListsNeverTrap() {
    let twice = [Todo(id: 1, title: "a"), Todo(id: 1, title: "b"), Todo(id: 2, title: "")]
    let step = UndoHistory<[Todo]>.Step(before: twice, after: [])

    XCTAssertEqual(revert.undo([], step).text, "1:a 2")
    XCTAssertEqual(revert.redo(twice, step), [])
    XCTAssertEqual(revert.undo([], .init(before: [], after: [])), [])
  }
}

import FluxCore
import FluxCoreTesting
import Testing

/// `ObservedCollection` against a model of its rules, on random lists and
/// random changes (edits, inserts, removals, moves, duplicates, equal
/// writes): after each change, every read is what the list holds (the first
/// element of an id), and each reader was invalidated exactly when what it
/// read changed.
@MainActor
@Suite struct ObservedCollectionModelTests {
  /// A random change of `list`.
  func change(_ list: [Row], using random: inout SeededRandomNumberGenerator) -> [Row] {
    var list = list
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let position = list.isEmpty ? 0 : Int.random(in: 0..<list.count, using: &random)
      switch Int.random(in: 0..<7, using: &random) {
      case 0 where !list.isEmpty: list[position].title = "t\(Int.random(in: 0..<3, using: &random))"
      case 1: list.insert(Row(id: Int.random(in: 0..<12, using: &random), title: "n"), at: position)
      case 2 where !list.isEmpty: list.remove(at: position)
      case 3 where list.count > 1:
        list.swapAt(position, Int.random(in: 0..<list.count, using: &random))
      case 4: list.append(Row(id: Int.random(in: 0..<12, using: &random), title: "a"))
      case 5: break  // an equal write
      default: list = list.shuffled(using: &random)
      }
    }
    return list
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func readsAndInvalidationsFollowTheModelOnRandomChanges() async {
    for seed in 1...1_000 as ClosedRange<UInt64> {
      var random = SeededRandomNumberGenerator(seed: seed)
      var list = Row.list((0..<Int.random(in: 0...8, using: &random)).map { $0 })
      let state = Variable(list)
      let rows = ObservedCollection(state.asProperty())
      let ids = InvalidationCounter { _ = rows.ids }
      let count = InvalidationCounter { _ = rows.count }
      let elements = InvalidationCounter { _ = rows.elements }
      let readers = (0..<12).map { id in InvalidationCounter { _ = rows[id: id] } }

      for step in 0..<10 {
        let before = (ids.invalidations, count.invalidations, elements.invalidations)
        let rowsBefore = readers.map(\.invalidations)
        let next = change(list, using: &random)
        state.value = next
        // The change first (a wait for it, not a count of turns: another
        // suite's thread may be committing frames at the same time), then
        // the turns the readers' re-reads were queued for.
        let arrived = await waitUntil { rows.elements == next }
        await mainTurns()

        let context = "seed \(seed), step \(step): \(list) → \(next)"
        // A change that never arrives fails at once, not after a wait per step.
        guard arrived else {
          Issue.record("the change did not reach the collection: \(context)")
          return
        }
        #expect(rows.ids == next.map(\.id), "\(context)")
        #expect(rows.elements == next, "\(context)")
        for id in 0..<12 {
          let first = next.first { $0.id == id }
          #expect(rows[id: id] == first, "\(context), row \(id)")
          let before = list.first { $0.id == id }
          // Told when its element changed, appeared or went; never else.
          let changed = before != first
          #expect(
            readers[id].invalidations - rowsBefore[id] == (changed ? 1 : 0), "\(context), row \(id)"
          )
        }
        #expect(
          ids.invalidations - before.0 == (list.map(\.id) != next.map(\.id) ? 1 : 0), "\(context)")
        #expect(count.invalidations - before.1 == (list.count != next.count ? 1 : 0), "\(context)")
        #expect(elements.invalidations - before.2 == (list != next ? 1 : 0), "\(context)")
        list = next
      }
    }
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// `ObservedCollection` invalidates each reader of a list by what it read.
///
/// Counted as SwiftUI registers a body (InvalidationCounter). Every
/// case runs against a plain `ObservedProperty` of the list too, which
/// invalidates every reader: `aPlainPropertyInvalidatesWhatTheCollectionDoesNot`
/// shows that each expectation below fails there.
@MainActor
@Suite struct ObservedCollectionTests {
  /// How many times each reader was invalidated by one change.
  struct Counts: Equatable, CustomStringConvertible {
    var ids = 0
    var count = 0
    /// By row id, only the rows invalidated at least once.
    var rows: [Int: Int] = [:]

    var description: String {
      "ids \(ids), count \(count), rows \(rows.sorted { $0.key < $1.key })"
    }
  }

  /// A change of a ten-row list, and what it must invalidate.
  struct Change: CustomTestStringConvertible, Sendable {
    let name: String
    let after: [Row]
    let expected: Counts

    var testDescription: String { name }

    static let before = Row.list(0..<10)
    static var all: [Change] {
      var edited = before
      edited[3].title = "edited"
      var moved = before
      moved.swapAt(2, 7)
      return [
        Change(name: "edit", after: edited, expected: Counts(rows: [3: 1])),
        Change(name: "append", after: Row.list(0..<11), expected: Counts(ids: 1, count: 1)),
        Change(
          name: "insert", after: Row.list([99]) + before, expected: Counts(ids: 1, count: 1)),
        Change(
          name: "remove", after: before.filter { $0.id != 3 },
          expected: Counts(ids: 1, count: 1, rows: [3: 1])),
        Change(name: "move", after: moved, expected: Counts(ids: 1)),
        Change(name: "equal list", after: Row.list(0..<10), expected: Counts()),
      ]
    }
  }

  /// Reads the list `way`, with a reader of the ids, one of the count and
  /// one per row, changes it once on the main actor, and counts.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  func invalidations(_ way: RowsWay, after: [Row]) async -> Counts {
    let state = Variable(Change.before)
    let reader = way.reader(of: state.asProperty())
    let ids = InvalidationCounter { _ = reader.ids }
    let count = InvalidationCounter { _ = reader.count }
    let rows = Change.before.map { row in (row.id, InvalidationCounter { _ = reader.row(row.id) }) }

    state.value = after
    await mainTurns()

    return Counts(
      ids: ids.invalidations, count: count.invalidations,
      rows: Dictionary(
        uniqueKeysWithValues: rows.filter { $1.invalidations > 0 }.map { ($0, $1.invalidations) }))
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: Change.all)
  func eachReaderIsInvalidatedByWhatItReadOnly(change: Change) async {
    #expect(await invalidations(.collection, after: change.after) == change.expected)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: Change.all)
  func aPlainPropertyInvalidatesWhatTheCollectionDoesNot(change: Change) async {
    let plain = await invalidations(.plain, after: change.after)

    #expect(plain != change.expected)
    #expect(plain.rows.count == Change.before.count, "every row, every time: \(plain)")
  }

  /// A thousand rows, each read by its own reader: editing one invalidates
  /// one, and appending invalidates none.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func ofAThousandRowReadersAnEditInvalidatesOneAndAnAppendNone() async {
    let state = Variable(Row.list(0..<1_000))
    let rows = ObservedCollection(state.asProperty())
    let readers = (0..<1_000).map { id in InvalidationCounter { _ = rows[id: id] } }
    let list = InvalidationCounter { _ = rows.ids }

    state.update { $0[500].title = "edited" }
    await mainTurns()
    let afterEdit = readers.map(\.invalidations)
    state.update { $0.append(Row(id: 1_000, title: "new")) }
    await mainTurns()
    let afterAppend = readers.map(\.invalidations)

    #expect(afterEdit.reduce(0, +) == 1)
    #expect(afterEdit[500] == 1)
    #expect(afterAppend == afterEdit)
    #expect(list.invalidations == 1)
  }

  /// A burst of writes from another thread reaches each reader once per
  /// main-actor turn, with the latest value: here, all of it in one turn.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aBurstFromAnotherThreadInvalidatesEachReaderOnceWithTheLatestValue() async {
    let state = Variable(Row.list(0..<10))
    let rows = ObservedCollection(state.asProperty())
    var seen: [String?] = []
    let edited = InvalidationCounter { seen.append(rows[id: 3]?.title) }
    let untouched = InvalidationCounter { _ = rows[id: 4] }
    let list = InvalidationCounter { _ = rows.ids }

    // The main actor waits while the burst runs, so no turn comes between.
    let done = DispatchSemaphore(value: 0)
    startThread {
      for index in 1...1_000 { state.update { $0[3].title = "title \(index)" } }
      done.signal()
    }
    done.wait()
    await mainTurns()

    #expect(edited.invalidations == 1)
    #expect(seen.last == "title 1000")
    #expect(untouched.invalidations == 0)
    #expect(list.invalidations == 0)
  }

  /// Duplicate ids: the first element with the id is the one read and
  /// tracked; nothing traps.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func withDuplicateIdsTheFirstElementIsReadAndTracked() async {
    let state = Variable([Row(id: 1, title: "first"), Row(id: 1, title: "second")])
    let rows = ObservedCollection(state.asProperty())
    let reader = InvalidationCounter { _ = rows[id: 1] }

    state.update { $0[1].title = "second, edited" }
    await mainTurns()
    let afterSecondEdited = reader.invalidations
    state.update { $0[0].title = "first, edited" }
    await mainTurns()

    #expect(rows.ids == [1, 1])
    #expect(rows.count == 2)
    #expect(rows[id: 1]?.title == "first, edited")
    #expect(afterSecondEdited == 0)
    #expect(reader.invalidations == 1)
  }
}

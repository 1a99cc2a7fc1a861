import FluxCore
import Observation

/// A row of the benchmark's list.
struct ListItem: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// The changes of a list the benchmark makes, each one at a time.
enum ListChange: String, CaseIterable {
  case edit = "edit one row"
  case append = "append one row"
  case remove = "remove one row"
  case move = "move one row"

  /// The list after the `index`th change of `list`, which the previous
  /// change left; never equal to it.
  func apply(_ index: Int, to list: [ListItem]) -> [ListItem] {
    var list = list
    let middle = list.count / 2
    switch self {
    case .edit: list[middle].title = "edited \(index)"
    case .append: list.append(ListItem(id: 1_000_000 + index, title: "new"))
    case .remove: list.remove(at: middle)
    case .move: list.swapAt(middle, middle + 1)
    }
    return list
  }
}

/// The careful app's anchor: one `@Observable` object per row, kept up to
/// date by diffing each new list against the rows it has.
@Observable @MainActor
final class HandWrittenRow {
  var title: String
  init(title: String) { self.title = title }
}

@Observable @MainActor
final class HandWrittenList {
  private(set) var ids: [Int] = []
  /// Not observed itself: a row view holds its row object and reads that.
  @ObservationIgnored private(set) var rows: [Int: HandWrittenRow] = [:]

  func apply(_ list: [ListItem]) {
    let newIDs = list.map(\.id)
    if newIDs != ids { ids = newIDs }
    var seen = Set<Int>(minimumCapacity: list.count)
    for item in list {
      seen.insert(item.id)
      if let row = rows[item.id] {
        if row.title != item.title { row.title = item.title }
      } else {
        rows[item.id] = HandWrittenRow(title: item.title)
      }
    }
    if rows.count != seen.count {
      for id in rows.keys where !seen.contains(id) { rows[id] = nil }
    }
  }
}

@MainActor
func measureList(_ way: FineGrainedWay, change: ListChange, rows: Int, changes: Int) async
  -> FineGrainedReport.Row
{
  let start = (0..<rows).map { ListItem(id: $0, title: "row \($0)") }
  let state = Variable(start)
  let tally = InvalidationTally()
  var keep: [Any] = []
  switch way {
  case .fluxCore:
    let observed = ObservedCollection(state.asProperty())
    keep.append(observed)
    keep.append(BenchmarkReader(tally) { _ = observed.ids })
    for item in start { keep.append(BenchmarkReader(tally) { _ = observed[id: item.id] }) }
  case .plain:
    let observed = ObservedProperty(state.asProperty())
    keep.append(observed)
    keep.append(BenchmarkReader(tally) { _ = observed.value.map(\.id) })
    for position in start.indices {
      keep.append(
        BenchmarkReader(tally) {
          let list = observed.value
          _ = position < list.count ? list[position] : nil
        })
    }
  case .handWritten:
    let model = HandWrittenList()
    keep.append(model)
    keep.append(state.observeOnMainActor { model.apply($0) })
    keep.append(BenchmarkReader(tally) { _ = model.ids })
    for item in start {
      let row = model.rows[item.id]!
      keep.append(BenchmarkReader(tally) { _ = row.title })
    }
  }
  var list = start
  let (invalidations, time) = await measure(state, tally: tally, changes: changes) { index in
    list = change.apply(index, to: list)
    return list
  }
  withExtendedLifetime(keep) {}
  return FineGrainedReport.Row(
    change: change.rawValue, way: way.rawValue, invalidations: invalidations,
    nanosecondsPerChange: time)
}

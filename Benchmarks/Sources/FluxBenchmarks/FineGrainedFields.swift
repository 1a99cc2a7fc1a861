import FluxCore
import Observation

/// A state of 20 fields, stored, as a real state has them.
struct TwentyFields: Equatable, Sendable {
  var f0 = 0
  var f1 = 0
  var f2 = 0
  var f3 = 0
  var f4 = 0
  var f5 = 0
  var f6 = 0
  var f7 = 0
  var f8 = 0
  var f9 = 0
  var f10 = 0
  var f11 = 0
  var f12 = 0
  var f13 = 0
  var f14 = 0
  var f15 = 0
  var f16 = 0
  var f17 = 0
  var f18 = 0
  var f19 = 0

  /// The fields in order, read directly (the hand-written model's way).
  var all: [Int] {
    [f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19]
  }

  static let paths: [WritableKeyPath<TwentyFields, Int> & Sendable] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
  ]
}

@MainActor
func measureFields(_ way: FineGrainedWay, changes: Int) async -> FineGrainedReport.Row {
  let state = Variable(TwentyFields())
  let tally = InvalidationTally()
  var keep: [Any] = []
  switch way {
  case .fluxCore:
    let observed = ObservedProperty(state.asProperty())
    keep.append(observed)
    for path in TwentyFields.paths {
      keep.append(BenchmarkReader(tally) { _ = observed[dynamicMember: path] })
    }
  case .plain:
    let observed = ObservedProperty(state.asProperty())
    keep.append(observed)
    for path in TwentyFields.paths {
      keep.append(BenchmarkReader(tally) { _ = observed.value[keyPath: path] })
    }
  case .handWritten:
    // One @Observable property per field: an array of 20 would invalidate
    // every reader, so each field reads an object of its own.
    let cells = (0..<20).map { _ in HandWrittenRow(title: "0") }
    keep.append(cells)
    keep.append(
      state.observeOnMainActor { value in
        let all = value.all
        for index in 0..<20 where cells[index].title != String(all[index]) {
          cells[index].title = String(all[index])
        }
      })
    for cell in cells { keep.append(BenchmarkReader(tally) { _ = cell.title }) }
  }
  var value = TwentyFields()
  let (invalidations, time) = await measure(state, tally: tally, changes: changes) { index in
    value.f7 = index + 1
    return value
  }
  withExtendedLifetime(keep) {}
  return FineGrainedReport.Row(
    change: "20-field state: change one field", way: way.rawValue,
    invalidations: invalidations, nanosecondsPerChange: time)
}

import FluxCore
import Observation

/// A state of 20 fields.
struct TwentyFields: Equatable, Sendable {
  var fields = [Int](repeating: 0, count: 20)

  // Twenty named fields, as a real state has them.
  var f0: Int { get { fields[0] } set { fields[0] = newValue } }
  var f1: Int { get { fields[1] } set { fields[1] = newValue } }
  var f2: Int { get { fields[2] } set { fields[2] = newValue } }
  var f3: Int { get { fields[3] } set { fields[3] = newValue } }
  var f4: Int { get { fields[4] } set { fields[4] = newValue } }
  var f5: Int { get { fields[5] } set { fields[5] = newValue } }
  var f6: Int { get { fields[6] } set { fields[6] = newValue } }
  var f7: Int { get { fields[7] } set { fields[7] = newValue } }
  var f8: Int { get { fields[8] } set { fields[8] = newValue } }
  var f9: Int { get { fields[9] } set { fields[9] = newValue } }
  var f10: Int { get { fields[10] } set { fields[10] = newValue } }
  var f11: Int { get { fields[11] } set { fields[11] = newValue } }
  var f12: Int { get { fields[12] } set { fields[12] = newValue } }
  var f13: Int { get { fields[13] } set { fields[13] = newValue } }
  var f14: Int { get { fields[14] } set { fields[14] = newValue } }
  var f15: Int { get { fields[15] } set { fields[15] = newValue } }
  var f16: Int { get { fields[16] } set { fields[16] = newValue } }
  var f17: Int { get { fields[17] } set { fields[17] = newValue } }
  var f18: Int { get { fields[18] } set { fields[18] = newValue } }
  var f19: Int { get { fields[19] } set { fields[19] = newValue } }

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
        for index in 0..<20 where cells[index].title != String(value.fields[index]) {
          cells[index].title = String(value.fields[index])
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

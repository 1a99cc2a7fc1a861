import FluxCore
import Foundation

/// What the first main-actor view to appear, and the last to go, cost
/// beside many live subjects: nothing that depends on how many (guarantee
/// 10, "no app-wide cost"). Before, they walked every subject under one
/// lock.
struct FirstViewReport: Codable {
  struct Row: Codable {
    let liveSubjects: Int
    /// Median over the runs: the first view's `observeOnMainActor`.
    let appearNanoseconds: Double
    /// Median over the runs: its `dispose()`, the last view going.
    let disappearNanoseconds: Double
  }

  let rows: [Row]
}

@MainActor
func firstViewScenario(subjects: Int, runs: Int) -> FirstViewReport {
  var rows: [FirstViewReport.Row] = []
  for live in [0, subjects] {
    let alive = (0..<live).map { _ in DispatchSubject<Int>() }
    let tokens = alive.map { $0.subscribe { _ in } }
    let state = Variable(0)
    var appear: [Double] = []
    var disappear: [Double] = []
    for _ in 0..<runs {
      let start = now()
      let view = state.observeOnMainActor { _ in }
      let appeared = now()
      view.dispose()
      let gone = now()
      appear.append(Double(appeared - start))
      disappear.append(Double(gone - appeared))
    }
    for token in tokens { token.dispose() }
    rows.append(
      FirstViewReport.Row(
        liveSubjects: live, appearNanoseconds: appear.sorted()[appear.count / 2],
        disappearNanoseconds: disappear.sorted()[disappear.count / 2]))
    withExtendedLifetime(alive) {}
  }
  return FirstViewReport(rows: rows)
}

func printFirstView(_ report: FirstViewReport) {
  print()
  print("first view: the first main-actor view to appear and the last to go (median of the runs)")
  print(pad("live subjects", 16) + lpad("appear (µs)", 14) + lpad("go (µs)", 12))
  for row in report.rows {
    print(
      pad(row.liveSubjects.formatted(), 16)
        + lpad(String(format: "%.1f", row.appearNanoseconds / 1_000), 14)
        + lpad(String(format: "%.1f", row.disappearNanoseconds / 1_000), 12))
  }
}

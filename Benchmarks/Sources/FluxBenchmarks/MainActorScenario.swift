@_spi(Diagnostics) import FluxCore
import Foundation
import Synchronization

/// Values sent from a background thread to a main-actor handler: how long
/// until the last one is handled, and how many main-queue hops it took.
struct MainActorReport: Codable {
  struct Row: Codable {
    let way: String
    let values: Int
    /// Median over the runs.
    let nanosecondsPerValue: Double
    let hops: Int
    let handlerCalls: Int
  }

  let rows: [Row]
}

/// What the main-actor handler saw in one run.
@MainActor
private final class Screen {
  var calls = 0
  var last = -1
  var done: CheckedContinuation<Void, Never>?

  func handle(_ value: Int, last final: Int) {
    calls += 1
    last = value
    if value == final, let done {
      self.done = nil
      done.resume()
    }
  }
}

/// The ways to get a value to the main actor.
private enum Way: CaseIterable {
  case perValueHop, everyValue, latestValue

  var name: String {
    switch self {
    case .perValueHop: "DispatchQueue.main.async per value"
    case .everyValue: "observeOnMainActor, every value"
    case .latestValue: "observeOnMainActor, latest value"
    }
  }
}

@MainActor
func mainActorScenario(values: Int, runs: Int) async -> MainActorReport {
  var rows: [MainActorReport.Row] = []
  for way in Way.allCases {
    var times: [Double] = []
    var hops = 0
    var calls = 0
    for _ in 0..<runs {
      let subject = DispatchSubject<Int>()
      let screen = Screen()
      let final = values - 1
      let token: any Disposable
      switch way {
      case .perValueHop:
        token = subject.subscribe { value in
          DispatchQueue.main.async {
            MainActor.assumeIsolated { screen.handle(value, last: final) }
          }
        }
      case .everyValue:
        token = subject.observeOnMainActor(receiving: .everyValue) {
          screen.handle($0, last: final)
        }
      case .latestValue:
        token = subject.observeOnMainActor(receiving: .latestValue) {
          screen.handle($0, last: final)
        }
      }
      let hopsBefore = HopCount.total
      let start = now()
      await withCheckedContinuation { done in
        screen.done = done
        Thread {
          for value in 0..<values { subject.dispatch(value) }
        }.start()
      }
      times.append(Double(now() - start) / Double(values))
      hops = way == .perValueHop ? screen.calls : HopCount.total - hopsBefore
      calls = screen.calls
      token.dispose()
    }
    let median = times.sorted()[times.count / 2]
    rows.append(
      MainActorReport.Row(
        way: way.name, values: values, nanosecondsPerValue: median, hops: hops,
        handlerCalls: calls))
  }
  return MainActorReport(rows: rows)
}

func printMainActor(_ report: MainActorReport) {
  guard let first = report.rows.first else { return }
  print()
  print(
    "main actor: \(first.values.formatted()) values from a background thread to a main-actor handler "
      + "(until the last is handled; median of the runs; hops and calls of the last run)")
  print(pad("way", 40) + lpad("ns per value", 14) + lpad("hops", 10) + lpad("handler calls", 15))
  for row in report.rows {
    print(
      pad(row.way, 40) + lpad(String(format: "%.1f", row.nanosecondsPerValue), 14)
        + lpad(row.hops.formatted(), 10) + lpad(row.handlerCalls.formatted(), 15))
  }
  let perValue = report.rows[0].nanosecondsPerValue
  for (row, target) in zip(report.rows.dropFirst(), [5.0, 10.0]) {
    let speedup = perValue / row.nanosecondsPerValue
    print(
      pad("\(row.way): faster than one hop per value", 70)
        + lpad(String(format: "%.1f×", speedup), 8) + "   ≥ \(Int(target))×   "
        + (speedup >= target ? "met" : "MISSED"))
  }
  if let latest = report.rows.last {
    let perTurn = latest.handlerCalls <= latest.hops
    print(
      pad("latest value: handler calls per hop", 70)
        + lpad(
          latest.hops == 0
            ? "–" : String(format: "%.2f", Double(latest.handlerCalls) / Double(latest.hops)), 8)
        + "   ≤ 1     " + (perTurn ? "met" : "MISSED"))
  }
}

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

  /// One run of one way, in the order they ran.
  struct Run: Codable {
    let way: String
    let nanosecondsPerValue: Double
    /// The producer's own pace: from its first dispatch until its last
    /// returned.
    let producingNanosecondsPerValue: Double
    /// From the last dispatch's return until the handler had the last value
    /// (below zero when the handler had it before the call returned).
    let lastValueAfterMicroseconds: Double
    let hops: Int
  }

  let rows: [Row]
  /// Absent from reports recorded before it was added.
  var runs: [Run]? = nil
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
  var times: [Way: [Double]] = [:]
  var hops: [Way: Int] = [:]
  var calls: [Way: Int] = [:]
  var details: [MainActorReport.Run] = []
  // The ways take turns, run by run, so that a machine that slows down or
  // speeds up over the minutes this takes moves every way alike.
  for _ in 0..<runs {
    for way in Way.allCases {
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
      // From the first dispatch, on the producer's thread, not from before
      // the thread is made: starting a thread (0.1 to 0.9 ms here) is no
      // part of the delivery, and would weigh most on the fastest way.
      let producer = Mutex<(start: UInt64, end: UInt64)>((0, 0))
      let noted = DispatchSemaphore(value: 0)
      await withCheckedContinuation { done in
        screen.done = done
        Thread {
          let start = now()
          for value in 0..<values { subject.dispatch(value) }
          let end = now()
          producer.withLock { $0 = (start, end) }
          noted.signal()
        }.start()
      }
      let end = now()
      // The producer notes its times after its last dispatch has returned,
      // which may be after the handler had the last value; it needs nothing
      // from the main actor to do so.
      noted.wait()
      let (start, produced) = producer.withLock { $0 }
      let perValue = Double(end - start) / Double(values)
      times[way, default: []].append(perValue)
      hops[way] = way == .perValueHop ? screen.calls : HopCount.total - hopsBefore
      details.append(
        MainActorReport.Run(
          way: way.name, nanosecondsPerValue: perValue,
          producingNanosecondsPerValue: Double(produced - start) / Double(values),
          lastValueAfterMicroseconds: (Double(end) - Double(produced)) / 1000,
          hops: hops[way, default: 0]))
      calls[way] = screen.calls
      token.dispose()
    }
  }
  let rows = Way.allCases.map { way in
    let sorted = times[way, default: []].sorted()
    return MainActorReport.Row(
      way: way.name, values: values, nanosecondsPerValue: sorted[sorted.count / 2],
      hops: hops[way, default: 0], handlerCalls: calls[way, default: 0])
  }
  return MainActorReport(rows: rows, runs: details)
}

func printMainActor(_ report: MainActorReport) {
  guard let first = report.rows.first else { return }
  print()
  print(
    "main actor: \(first.values.formatted()) values from a background thread to a main-actor handler "
      + "(from the first dispatch until the last is handled; median of the runs, the ways "
      + "taking turns; hops and calls of the last run)")
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
  if let runs = report.runs {
    print("each run, in order: the producer's own pace, and the last value's wait after it")
    print(
      pad("way", 40) + lpad("ns per value", 14) + lpad("producing", 11) + lpad("last (µs)", 11)
        + lpad("hops", 10))
    for run in runs {
      print(
        pad(run.way, 40) + lpad(String(format: "%.1f", run.nanosecondsPerValue), 14)
          + lpad(String(format: "%.1f", run.producingNanosecondsPerValue), 11)
          + lpad(String(format: "%.0f", run.lastValueAfterMicroseconds), 11)
          + lpad(run.hops.formatted(), 10))
    }
  }
}

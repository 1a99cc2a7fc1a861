import Dispatch
import FluxCore
import FluxCorePersistence
import Foundation

/// Changes that never pause for the quiet period: how many writes, and the
/// longest time the state went unsaved.
///
/// A change every millisecond for 3 s, a quiet period of 50 ms that is never
/// reached, and a `maxDelay` of 500 ms. The longest gap is the longest of:
/// from the first change to the first write, between writes, and from the
/// last write to the end.
struct NeverPausingReport: Codable {
  let seconds: Double
  let changes: Int
  let quietPeriodMilliseconds: Double
  let maxDelayMilliseconds: Double
  let writes: Int
  let longestGapMilliseconds: Double
}

/// The times of the writes, as the `saves` subscriber (on the writer's
/// queue) notes them.
// Safe: `times` is only touched holding `lock`.
private final class WriteTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [UInt64] = []

  func note(_ time: UInt64) {
    lock.lock()
    times.append(time)
    lock.unlock()
  }

  var all: [UInt64] {
    lock.lock()
    defer { lock.unlock() }
    return times
  }
}

func neverPausingScenario(in directory: URL) -> NeverPausingReport {
  let file = directory.appendingPathComponent("never-pausing.json")
  let (quietMilliseconds, maxDelayMilliseconds, seconds) = (50, 500, 3.0)
  // swift-format-ignore: NeverForceUnwrap
  let state = try! PersistentState(
    file: file, quietPeriod: .milliseconds(quietMilliseconds),
    maxDelay: .milliseconds(maxDelayMilliseconds), default: 0)
  let writes = WriteTimes()
  let watch = state.saves.changed.subscribe { _ in writes.note(now()) }
  let start = now()
  let end = start + UInt64(seconds * 1e9)
  var changes = 0
  while now() < end {
    changes += 1
    state.variable.value = changes
    usleep(1_000)
  }
  let stopped = now()
  watch.dispose()
  let times = writes.all
  let marks = [start] + times.filter { $0 <= stopped } + [stopped]
  let longest = zip(marks, marks.dropFirst()).map { $1 - $0 }.max() ?? 0
  withExtendedLifetime(state) {}
  return NeverPausingReport(
    seconds: seconds, changes: changes,
    quietPeriodMilliseconds: Double(quietMilliseconds),
    maxDelayMilliseconds: Double(maxDelayMilliseconds),
    writes: times.count, longestGapMilliseconds: Double(longest) / 1e6)
}

func printNeverPausing(_ report: NeverPausingReport) {
  print(
    pad(
      "writes for a change every 1 ms for \(Int(report.seconds)) s "
        + "(quiet \(Int(report.quietPeriodMilliseconds)) ms, maxDelay "
        + "\(Int(report.maxDelayMilliseconds)) ms)", 44)
      + lpad("\(report.writes)", 12)
      + "   (longest unsaved: \(String(format: "%.0f", report.longestGapMilliseconds)) ms)")
  let met = report.longestGapMilliseconds <= report.maxDelayMilliseconds + 100
  print(
    "longest unsaved ≤ maxDelay + 100 ms: \(String(format: "%.0f", report.longestGapMilliseconds)) ms   "
      + (met ? "met" : "MISSED"))
}

import FluxCore
import FluxCoreRecording
import Foundation
import Synchronization

/// A recording whose state is too large to carry: `actions` actions sent
/// back to back, each with its own state of `elements` numbers (about
/// 2.4 MB of JSON for 300,000), with a buffer of 4 MB. It measures how long
/// `stop()` takes once the last action is sent, and how much the process's
/// resident memory grew, against what the actions were (the case:
/// 15 s and 356 MB before states counted at their real size).
struct LargeStateRecordingReport: Codable {
  let actions: Int
  let elements: Int
  let stopMilliseconds: Double
  /// Resident memory grown while sending, in MB.
  let residentGrowthMegabytes: Double
  let written: Int
  let dropped: Int
  let statesOmitted: Int
}

private final class LargeStateDispatcher: DispatcherType {
  static let shared = LargeStateDispatcher()
  let value = DispatchSubject<Int>()
}

/// The resident memory of this process, in bytes.
private func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func largeStateRecordingScenario(actions: Int, elements: Int) -> LargeStateRecordingReport {
  let dispatcher = LargeStateDispatcher()
  let view = AnyObserverDispatcher(dispatcher).value
  let current = Mutex([Int](repeating: 1_000_000, count: elements))
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("fluxcore-benchmark-large-\(getpid()).jsonl")
  defer { try? FileManager.default.removeItem(at: file) }
  let before = residentBytes()
  // swift-format-ignore: NeverForceUnwrap
  let recording = try! ActionRecording.start(
    dispatcher, writingTo: file, bufferBytes: 4 << 20, state: { current.withLock { $0 } })
  var most = before
  for value in 0..<actions {
    let next = [Int](repeating: 1_000_000 + value, count: elements)
    current.withLock { $0 = next }
    view.dispatch(value)
    most = max(most, residentBytes())
  }
  let sent = now()
  let summary = recording.stop()
  let stopped = now()
  return LargeStateRecordingReport(
    actions: actions, elements: elements, stopMilliseconds: Double(stopped - sent) / 1e6,
    residentGrowthMegabytes: Double(most - before) / 1e6, written: summary.actions,
    dropped: summary.dropped, statesOmitted: summary.statesOmitted)
}

func printLargeStateRecording(_ report: LargeStateRecordingReport) {
  print()
  print(
    "recording large states: \(report.actions) actions, each with its own state of "
      + "\(report.elements.formatted()) numbers, buffer 4 MB")
  print(
    pad("until stop() returns, after the last action", 44)
      + lpad(String(format: "%.1f ms", report.stopMilliseconds), 12))
  print(
    pad("resident memory grown while sending", 44)
      + lpad(String(format: "%.1f MB", report.residentGrowthMegabytes), 12))
  print(
    "lines written: \(report.written), dropped: \(report.dropped), states omitted: \(report.statesOmitted)"
  )
}

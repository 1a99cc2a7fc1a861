import FluxCore
import FluxCoreRecording
import Foundation

/// What recording costs the thread that dispatches: 100,000 actions sent
/// through a dispatcher view as fast as one thread can, with a recording to
/// a file (each line with a small state), against the same with only a
/// counting log observer (what any logged dispatch pays), and the time until
/// `stop()` returns once the last action is sent.
struct RecordingReport: Codable {
  let actions: Int
  /// Nanoseconds per dispatch, median of the runs.
  let loggedNanoseconds: Double
  let recordedNanoseconds: Double
  let stopMilliseconds: Double
  let dropped: Int
  let written: Int

  var ratio: Double { recordedNanoseconds / loggedNanoseconds }
}

private final class RecordedDispatcher: DispatcherType {
  static let shared = RecordedDispatcher()
  let value = DispatchSubject<Int>()
}

private struct SmallState: Encodable, Sendable {
  let count: Int
  let label: String
}

func recordingScenario(actions: Int, runs: Int) -> RecordingReport {
  var logged: [Double] = []
  var recorded: [Double] = []
  var stops: [Double] = []
  var dropped = 0
  var written = 0
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("fluxcore-benchmark-\(getpid()).jsonl")
  defer { try? FileManager.default.removeItem(at: file) }
  for _ in 0..<runs {
    let dispatcher = RecordedDispatcher()
    let sink = Tally()
    let subscription = dispatcher.value.subscribe(makeHandler(sink))
    let view = AnyObserverDispatcher(dispatcher).value
    let counted = Tally()

    let observation = DispatchLog.observe(dispatcher) { _ in counted.total &+= 1 }
    var start = now()
    for value in 0..<actions { view.dispatch(value) }
    logged.append(Double(now() - start) / Double(actions))
    observation.dispose()

    // swift-format-ignore: NeverForceUnwrap
    let recording = try! ActionRecording.start(
      dispatcher, writingTo: file, state: { SmallState(count: sink.total, label: "state") })
    start = now()
    for value in 0..<actions { view.dispatch(value) }
    let sent = now()
    let summary = recording.stop()
    recorded.append(Double(sent - start) / Double(actions))
    stops.append(Double(now() - sent) / 1e6)
    dropped = max(dropped, summary.dropped)
    written = summary.actions
    subscription.dispose()
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return RecordingReport(
    actions: actions, loggedNanoseconds: median(logged), recordedNanoseconds: median(recorded),
    stopMilliseconds: median(stops), dropped: dropped, written: written)
}

func printRecording(_ report: RecordingReport) {
  print()
  print(
    "recording: \(report.actions.formatted()) actions through a dispatcher view as fast as one thread can")
  print(pad("dispatch, logged (a counting observer)", 44) + lpad(String(format: "%.1f ns", report.loggedNanoseconds), 12))
  print(pad("dispatch, recorded to a file with a state", 44) + lpad(String(format: "%.1f ns", report.recordedNanoseconds), 12))
  print(pad("until stop() returns, after the last action", 44) + lpad(String(format: "%.1f ms", report.stopMilliseconds), 12))
  print("lines written: \(report.written.formatted()), dropped: \(report.dropped)")
  let met = report.ratio <= 3 && report.dropped == 0
  print(
    "recorded / logged: \(String(format: "%.2f", report.ratio))   target ≤ 3, none dropped   \(met ? "met" : "MISSED")")
}

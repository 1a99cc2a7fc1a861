import FluxCore
import FluxCoreRecording
import Foundation

/// What recording costs the thread that dispatches: 100,000 actions sent
/// through a dispatcher view as fast as one thread can, with a recording to
/// a file (each line with a small state), against the same with only a
/// counting log observer (what any logged dispatch pays), and the time until
/// `stop()` returns once the last action is sent.
///
/// The cost is the dispatching thread's own CPU time
/// (`CLOCK_THREAD_CPUTIME_ID`), not wall time: the recording's writer runs
/// on another thread meanwhile, and on a machine of two cores it takes turns
/// with the dispatching thread, whose wall time would then count time it
/// spent waiting for a core, not working.
struct RecordingReport: Codable {
  let actions: Int
  /// Nanoseconds per dispatch, median of the runs.
  let loggedNanoseconds: Double
  let recordedNanoseconds: Double
  /// The same, with the writer held back until the last action is sent: the
  /// hand-off alone, without a second thread competing for the machine.
  let recordedAloneNanoseconds: Double
  let stopMilliseconds: Double
  let dropped: Int
  let written: Int

  var ratio: Double { recordedNanoseconds / loggedNanoseconds }
  var aloneRatio: Double { recordedAloneNanoseconds / loggedNanoseconds }
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
  var alone: [Double] = []
  var stops: [Double] = []
  var dropped = 0
  var written = 0
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("fluxcore-benchmark-\(getpid()).jsonl")
  defer { try? FileManager.default.removeItem(at: file) }
  // Pairs of runs, a logged one then a recorded one, so that the machine's
  // drift affects both alike; the medians are compared.
  for _ in 0..<runs {
    let dispatcher = RecordedDispatcher()
    let sink = Tally()
    let subscription = dispatcher.value.subscribe(makeHandler(sink))
    let view = AnyObserverDispatcher(dispatcher).value
    let counted = Tally()

    let observation = DispatchLog.observe(dispatcher) { _ in counted.total &+= 1 }
    var start = threadCPUTime()
    for value in 0..<actions { view.dispatch(value) }
    logged.append(Double(threadCPUTime() - start) / Double(actions))
    observation.dispose()

    // swift-format-ignore: NeverForceUnwrap
    let recording = try! ActionRecording.start(
      dispatcher, writingTo: file, state: { SmallState(count: sink.total, label: "state") })
    start = threadCPUTime()
    for value in 0..<actions { view.dispatch(value) }
    recorded.append(Double(threadCPUTime() - start) / Double(actions))
    let sent = now()
    let summary = recording.stop()
    stops.append(Double(now() - sent) / 1e6)
    dropped = max(dropped, summary.dropped)
    written = summary.actions

    // The writer held back: its first line waits for a gate opened once the
    // last action is sent.
    let gate = DispatchSemaphore(value: 0)
    let held = ActionRecording.start(
      dispatcher, state: { SmallState(count: sink.total, label: "state") },
      writingLinesTo: { _ in
        gate.wait()
        gate.signal()
      })
    start = threadCPUTime()
    for value in 0..<actions { view.dispatch(value) }
    alone.append(Double(threadCPUTime() - start) / Double(actions))
    gate.signal()
    held.stop()
    subscription.dispose()
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return RecordingReport(
    actions: actions, loggedNanoseconds: median(logged), recordedNanoseconds: median(recorded),
    recordedAloneNanoseconds: median(alone),
    stopMilliseconds: median(stops), dropped: dropped, written: written)
}

func printRecording(_ report: RecordingReport) {
  print()
  print(
    "recording: \(report.actions.formatted()) actions through a dispatcher view as fast as one thread can"
  )
  print("(the dispatching thread's CPU time per dispatch)")
  print(
    pad("dispatch, logged (a counting observer)", 44)
      + lpad(String(format: "%.1f ns", report.loggedNanoseconds), 12))
  print(
    pad("dispatch, recorded to a file with a state", 44)
      + lpad(String(format: "%.1f ns", report.recordedNanoseconds), 12))
  print(
    pad("… the writer held until the last is sent", 44)
      + lpad(String(format: "%.1f ns", report.recordedAloneNanoseconds), 12))
  print(
    pad("until stop() returns, after the last action", 44)
      + lpad(String(format: "%.1f ms", report.stopMilliseconds), 12))
  print("lines written: \(report.written.formatted()), dropped: \(report.dropped)")
  let met = report.ratio <= 3 && report.dropped == 0
  print(
    "recorded / logged: \(String(format: "%.2f", report.ratio))   target ≤ 3, none dropped   \(met ? "met" : "MISSED")"
  )
  print(
    "recorded, writer held / logged: \(String(format: "%.2f", report.aloneRatio))   target ≤ 3   \(report.aloneRatio <= 3 ? "met" : "MISSED")"
  )
}

/// The calling thread's CPU time so far, in nanoseconds.
func threadCPUTime() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

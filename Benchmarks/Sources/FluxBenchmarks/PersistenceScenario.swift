import Dispatch
import FluxCore
import FluxCorePersistence
import Foundation

/// What persistence costs: how many writes a burst of 100,000 changes makes
/// (one per quiet period is the aim), and how long saving and restoring a
/// state of 1 MB take, each write atomic and durable (temporary file, fsync,
/// rename, fsync of the directory).
struct PersistenceReport: Codable {
  let changesInBurst: Int
  let writesForBurst: Int
  let burstMilliseconds: Double
  let stateBytes: Int
  let saveMilliseconds: Double
  let restoreMilliseconds: Double
  /// Changes that never pause, saved within `maxDelay`.
  let neverPausing: NeverPausingReport
}

private struct BigState: Codable, Sendable {
  var revision: Int
  var text: String
}

func persistenceScenario(runs: Int) -> PersistenceReport {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("fluxcore-benchmark-\(getpid())")
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("state.json")

  // A burst: 100,000 changes as fast as one thread makes them, then the
  // quiet period; every write counted.
  let changes = 100_000
  // swift-format-ignore: NeverForceUnwrap
  let burst = try! PersistentState(file: file, quietPeriod: .milliseconds(50), default: 0)
  let written = DispatchSemaphore(value: 0)
  let watch = burst.saves.changed.subscribe { _ in written.signal() }
  let start = now()
  for value in 1...changes { burst.variable.value = value }
  let burstNanoseconds = now() - start
  _ = written.wait(timeout: .now() + 5)
  // Anything still unwritten would be written by a flush: none should be.
  try? burst.flush()
  let writes = burst.saves.value
  watch.dispose()

  // A state of 1 MB, saved and restored, the median of the runs.
  let text = String(repeating: "0123456789abcdef", count: 1 << 16)
  var saves: [Double] = []
  var restores: [Double] = []
  var bytes = 0
  let big = directory.appendingPathComponent("big.json")
  for run in 0..<runs {
    do {
      // swift-format-ignore: NeverForceUnwrap
      let state = try! PersistentState(
        file: big, quietPeriod: .seconds(3_600), default: BigState(revision: 0, text: ""))
      state.variable.value = BigState(revision: run, text: text)
      let started = now()
      try? state.flush()
      saves.append(Double(now() - started) / 1e6)
    }
    bytes = (try? FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int) ?? 0
    let started = now()
    // swift-format-ignore: NeverForceUnwrap
    let restored = try! PersistentState(file: big, default: BigState(revision: -1, text: ""))
    restores.append(Double(now() - started) / 1e6)
    precondition(restored.value.revision == run)
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return PersistenceReport(
    changesInBurst: changes, writesForBurst: writes,
    burstMilliseconds: Double(burstNanoseconds) / 1e6, stateBytes: bytes,
    saveMilliseconds: median(saves), restoreMilliseconds: median(restores),
    neverPausing: neverPausingScenario(in: directory))
}

func printPersistence(_ report: PersistenceReport) {
  print()
  print("persistence: a burst of changes, and a state of \(report.stateBytes.formatted()) bytes")
  print(
    pad("writes for \(report.changesInBurst.formatted()) changes in a burst", 44)
      + lpad("\(report.writesForBurst)", 12)
      + "   (the burst took \(String(format: "%.1f", report.burstMilliseconds)) ms)")
  print(
    pad("save (encode, write, fsync, rename, fsync)", 44)
      + lpad(String(format: "%.1f ms", report.saveMilliseconds), 12))
  print(
    pad("restore (read, decode)", 44)
      + lpad(String(format: "%.1f ms", report.restoreMilliseconds), 12))
  print(
    "writes per quiet period: \(report.writesForBurst)   target 1   \(report.writesForBurst == 1 ? "met" : "MISSED")"
  )
  printNeverPausing(report.neverPausing)
}

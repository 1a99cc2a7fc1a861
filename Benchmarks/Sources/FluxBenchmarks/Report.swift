import Foundation

/// A ratio of this run, with the target the design sets for it.
struct Ratio: Codable {
  let name: String
  let value: Double
  let target: String
  let met: Bool?
}

/// What the run measured, for `--json`.
struct Report: Codable {
  let machine: [String: String]
  let rounds: Int
  let results: [Result]
  let counts: [Count]
  let ratios: [Ratio]
  let mainActor: MainActorReport
  let fineGrained: FineGrainedReport?
  let overload: OverloadReport?
  let recording: RecordingReport?
  let largeStateRecording: LargeStateRecordingReport?
  let persistence: PersistenceReport
  let history: HistoryReport?
  let largeHistory: LargeHistoryReport?
  let firstView: FirstViewReport?
}

func median(_ results: [Result], _ scenario: String, _ contender: String) -> Double {
  results.first { $0.scenario == scenario && $0.contender == contender }?.median ?? .nan
}

/// The ratios the design's cost targets are stated in.
func ratios(_ results: [Result], _ counts: [Count]) -> [Ratio] {
  var ratios: [Ratio] = []
  for (count, loopTarget, combineTarget) in [(1, 1.0, 10.0), (10, 0.6, 20.0), (100, 0.6, 20.0)] {
    let scenario = "dispatch to \(count) subscriber\(count == 1 ? "" : "s")"
    let flux = median(results, scenario, "FluxCore")
    let loop = flux / median(results, scenario, "array loop")
    let combine = median(results, scenario, "OpenCombine") / flux
    ratios.append(
      Ratio(
        name: "\(scenario): FluxCore / array loop", value: loop,
        target: "≤ \(loopTarget.formatted())", met: loop <= loopTarget))
    ratios.append(
      Ratio(
        name: "\(scenario): OpenCombine / FluxCore", value: combine,
        target: "≥ \(combineTarget.formatted())", met: combine >= combineTarget))
  }
  let empty = median(results, "subscribe + dispose, 0 live", "FluxCore")
  let full = median(results, "subscribe + dispose, 10,000 live", "FluxCore")
  ratios.append(
    Ratio(
      name: "subscribe + dispose, 0 live: FluxCore ns", value: empty, target: "≤ 150",
      met: empty <= 150))
  ratios.append(
    Ratio(
      name: "subscribe + dispose, 10,000 live: FluxCore ns", value: full, target: "≤ 150",
      met: full <= 150))
  ratios.append(
    Ratio(
      name: "subscribe + dispose: 10,000 live / 0 live", value: full / empty, target: "≤ 1.3",
      met: full / empty <= 1.3))
  let locked = median(results, "subscribe + dispose, 0 live", "locked array")
  ratios.append(
    Ratio(
      name: "subscribe + dispose, 0 live: FluxCore / locked array", value: empty / locked,
      target: "≤ 1.5", met: empty / locked <= 1.5))
  for scenario in Set(results.map(\.scenario)).sorted() where !scenario.hasPrefix("dispatch to") {
    let flux = median(results, scenario, "FluxCore")
    let combine = median(results, scenario, "OpenCombine")
    if !combine.isNaN {
      ratios.append(
        Ratio(
          name: "\(scenario): FluxCore / OpenCombine", value: flux / combine, target: "", met: nil))
    }
  }
  let mapped = median(results, "property write, 1 subscriber through", "map")
  let combined = median(results, "property write, 1 subscriber through", "combineLatest of 2")
  ratios.append(
    Ratio(
      name: "property write: combineLatest of 2 / map", value: combined / mapped, target: "≤ 3",
      met: combined / mapped <= 3))
  let direct = median(results, "dispatch through a dispatcher view", "FluxCore, subject")
  let logOff = median(results, "dispatch through a dispatcher view", "FluxCore, view, log off")
  ratios.append(
    Ratio(
      name: "dispatcher view with the log off / the subject itself", value: logOff / direct,
      target: "", met: nil))
  let retained = median(results, "dispatch through a dispatcher view", "FluxCore, subject + retain")
  ratios.append(
    Ratio(
      name: "dispatcher view with the log off / the subject + retain", value: logOff / retained,
      target: "", met: nil))
  for count in counts where count.contender == "FluxCore" {
    if count.measurement.contains("subscribe + dispose") {
      continue  // informational: the handler's context is the app's allocation
    } else if count.measurement.hasPrefix("heap bytes per subscription in a bag") {
      ratios.append(
        Ratio(name: count.measurement, value: count.value, target: "≤ 128", met: count.value <= 128)
      )
    } else if count.measurement.hasPrefix("…") {
      let loop = counts.first {
        $0.measurement == count.measurement && $0.contender == "array loop"
      }
      ratios.append(
        Ratio(
          name: "\(count.measurement): FluxCore − array loop",
          value: count.value - (loop?.value ?? .nan),
          target: "", met: nil))
    } else if count.measurement.hasPrefix("heap bytes") {
      ratios.append(Ratio(name: count.measurement, value: count.value, target: "", met: nil))
    } else {
      ratios.append(
        Ratio(name: count.measurement, value: count.value, target: "0", met: count.value == 0))
    }
  }
  return ratios
}

/// The machine the run happened on.
func machine() -> [String: String] {
  let cpu =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }?
    .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
  var info: [String: String] = [
    "cores": "\(ProcessInfo.processInfo.activeProcessorCount)",
    "os": ProcessInfo.processInfo.operatingSystemVersionString,
    "cpu": cpu ?? "unknown",
    "build": "release",
  ]
  #if compiler(>=6.3)
  info["swift"] = "6.3 or later"
  #else
  info["swift"] = "6.0 to 6.2"
  #endif
  return info
}

func printTable(_ report: Report) {
  func number(_ value: Double) -> String {
    value.isNaN ? "–" : value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }

  print("FluxCore benchmarks")
  print(
    report.machine.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
      separator: " · "))
  print("\(report.rounds) rounds, interleaved; nanoseconds per operation: median (min – max)")
  print()
  print(pad("scenario", 40) + pad("contender", 26) + lpad("median", 10) + "   min – max")
  var last = ""
  for result in report.results {
    let scenario = result.scenario == last ? "" : result.scenario
    last = result.scenario
    print(
      pad(scenario, 40) + pad(result.contender, 26) + lpad(number(result.median), 10)
        + "   \(number(result.minimum)) – \(number(result.maximum))")
  }
  print()
  for count in report.counts {
    print(pad(count.measurement, 66) + pad(count.contender, 14) + lpad(number(count.value), 8))
  }
  print()
  print(pad("ratio (medians of this run)", 70) + lpad("value", 8) + "   target")
  for ratio in report.ratios {
    let verdict = ratio.met.map { $0 ? "  met" : "  MISSED" } ?? ""
    // Three decimals near 1, where a verdict can turn on the last digit.
    let value =
      abs(ratio.value - 1) < 0.1 ? String(format: "%.3f", ratio.value) : number(ratio.value)
    print(pad(ratio.name, 70) + lpad(value, 8) + "   " + pad(ratio.target, 7) + verdict)
  }
}

/// `text` padded with spaces on the right to `width`.
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// `text` padded with spaces on the left to `width`.
func lpad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

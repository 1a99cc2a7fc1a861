import Dispatch

/// One implementation measured in a scenario.
struct Contender {
  let name: String
  /// The fewest operations a sample may have: more than 1 where each run has
  /// a fixed cost (starting threads) that must not dominate.
  var minimumIterations = 1
  /// Performs `n` operations.
  let run: (Int) -> Void

  init(name: String, minimumIterations: Int = 1, run: @escaping (Int) -> Void) {
    self.name = name
    self.minimumIterations = minimumIterations
    self.run = run
  }
}

/// Something measured, with the implementations to compare.
struct Scenario {
  let name: String
  var contenders: [Contender]
  /// Subscriptions and objects that must live while the scenario runs.
  var keepAlive: [Any] = []
}

/// The samples of one contender in one scenario, in nanoseconds per operation.
struct Result: Codable {
  let scenario: String
  let contender: String
  let samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { samples.min() ?? .nan }
  var maximum: Double { samples.max() ?? .nan }
}

func now() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

/// How many operations make a sample of about `target` nanoseconds.
func calibrate(_ contender: Contender, target: UInt64) -> Int {
  var n = max(16, contender.minimumIterations)
  contender.run(n)  // warm up
  while true {
    let start = now()
    contender.run(n)
    let elapsed = now() - start
    if elapsed >= target / 8 {
      return max(contender.minimumIterations, Int(Double(n) * Double(target) / Double(elapsed)))
    }
    n *= 4
  }
}

/// Measures every contender of every scenario `rounds` times, interleaved:
/// each round visits every scenario and, within it, every contender, starting
/// from a different one each round, so that drift and order affect all alike.
func measure(_ scenarios: [Scenario], rounds: Int, sampleNanoseconds: UInt64) -> [Result] {
  let iterations = scenarios.map { scenario in
    scenario.contenders.map { calibrate($0, target: sampleNanoseconds) }
  }
  var samples = scenarios.map { $0.contenders.map { _ in [Double]() } }
  for round in 0..<rounds {
    for (s, scenario) in scenarios.enumerated() {
      let count = scenario.contenders.count
      for offset in 0..<count {
        let c = (round + offset) % count
        let n = iterations[s][c]
        let start = now()
        scenario.contenders[c].run(n)
        samples[s][c].append(Double(now() - start) / Double(n))
      }
    }
  }
  return scenarios.enumerated().flatMap { s, scenario in
    scenario.contenders.enumerated().map { c, contender in
      Result(scenario: scenario.name, contender: contender.name, samples: samples[s][c])
    }
  }
}

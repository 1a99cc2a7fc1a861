import Foundation
import XCTest

/// Random operation lists, run against FluxCore and against a reference model
/// of its guarantees (see Model/ReferenceModel.swift): order per subject,
/// exactly once for live subscriptions, nothing after dispose, no handler
/// entered twice at once, and every subscription count back to its start.
///
/// - `FLUXCORE_SEED=N swift test --filter ModelTests` runs only seed N.
/// - `FLUXCORE_MODEL_SEEDS=N` runs seeds 1 to N instead of the default 3 000,
///   for a longer soak, or a shorter run (CI's sanitizer runs take 500).
///
/// A failure names its seed and prints the shortest operation list found
/// that still fails.
final class ModelTests: XCTestCase {
  private var environment: [String: String] { ProcessInfo.processInfo.environment }

  func testRandomOperationListsMatchTheReferenceModel() {
    if let seed = environment["FLUXCORE_SEED"].flatMap(UInt64.init) {
      check(seed: seed)
      return
    }
    let count = environment["FLUXCORE_MODEL_SEEDS"].flatMap(Int.init) ?? 3_000
    for seed in 1...UInt64(count) {
      guard check(seed: seed) else { return }
    }
  }

  func testATimeSeededOperationListMatchesTheReferenceModel() {
    let seed = UInt64(Date().timeIntervalSince1970 * 1_000)
    print(
      "ModelTests time seed: \(seed) (replay: FLUXCORE_SEED=\(seed) swift test --filter ModelTests)"
    )
    for offset in 0..<20 {
      guard check(seed: seed &+ UInt64(offset)) else { return }
    }
  }

  func testTheComparisonNoticesADifferenceFromTheModel() {
    let operations = ModelGenerator.operations(seed: 7)

    let agreeing = ModelRunner.run(operations)
    let disagreeing = ModelRunner.run(operations) { runner in
      runner.subjects[0].dispatch(-1)  // an event the model never saw
    }

    XCTAssertEqual(agreeing, [])
    XCTAssertTrue(disagreeing.contains { $0.hasPrefix("S0 delivered") })
  }

  /// Runs one seed; on failure, shrinks it and reports.
  @discardableResult
  private func check(seed: UInt64) -> Bool {
    let operations = ModelGenerator.operations(seed: seed)
    let violations = ModelRunner.run(operations)
    guard !violations.isEmpty else { return true }
    let shortest = ModelShrinker.shrink(operations) { !ModelRunner.run($0).isEmpty }
    let log = shortest.enumerated().map { "  \($0 + 1). \($1)" }.joined(separator: "\n")
    XCTFail(
      """
      seed \(seed) breaks a guarantee (replay: FLUXCORE_SEED=\(seed) swift test --filter ModelTests)
      \(violations.prefix(5).joined(separator: "\n"))
      shortest failing operations (\(shortest.count) of \(operations.count)):
      \(log)
      """)
    return false
  }
}

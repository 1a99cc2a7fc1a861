import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import Testing

/// The model test's main-actor view (guarantee 10).
///
/// Generated features of two to four stores, sent distinct actions from one to three threads, read
/// by a view one of the ways onto the main actor. Every frame the view draws
/// is a state between two actions, and the last one is the stores' state.
///
/// - `FLUXCORE_SEED=N swift test --filter ModelViewTests` runs only seed N.
/// - `FLUXCORE_VIEW_SEEDS=N` runs seeds 1 to N instead of the default 1,000
///   (CI's sanitizer runs take 200).
@MainActor
@Suite struct ModelViewTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func generatedViewsOnlyEverDrawStatesBetweenTwoActions() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seeds: [UInt64]
    if let seed = environment["FLUXCORE_SEED"].flatMap(UInt64.init) {
      seeds = [seed]
    } else {
      let count = environment["FLUXCORE_VIEW_SEEDS"].flatMap(Int.init) ?? 1_000
      seeds = Array(1...UInt64(count))
    }
    for seed in seeds {
      guard try await check(seed: seed) else { return }
    }
  }

  /// Runs one seed; records a failure naming it and returns `false` if a
  /// frame was not whole or the last one was not the stores' state.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  func check(seed: UInt64) async throws -> Bool {
    let scenario = ViewScenario(seed: seed)
    let stores = ViewScenarioStores(scenario)
    let (screen, keep) = scenario.screen(of: stores)

    await withTaskGroup(of: Void.self) { group in
      for answers in scenario.answersByThread {
        group.addTask {
          await onANewThread {
            for answer in answers { stores.action.dispatch(answer) }
          }
        }
      }
    }
    await stores.action.waitUntilDelivered()
    let final = stores.state
    try await screen.waitUntilDrawn(final)

    let torn = screen.frames.filter { !scenario.isWhole($0) }
    withExtendedLifetime(keep) {}
    guard torn.isEmpty, screen.frames.last == final else {
      Issue.record(
        """
        seed \(seed) (replay: FLUXCORE_SEED=\(seed) swift test --filter ModelViewTests): \
        \(scenario)
        frames not made by a whole action: \(torn)
        frames drawn: \(screen.frames); the stores hold \(final)
        """)
      return false
    }
    return true
  }
}

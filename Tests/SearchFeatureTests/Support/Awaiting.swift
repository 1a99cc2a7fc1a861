import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import SearchFeature
import TestSupport

/// Waits for the first value of `observable` that satisfies `predicate`,
/// counting the current value of a property.
func firstValue<Source: ObservableType>(
  of observable: Source, where predicate: @escaping @Sendable (Source.Element) -> Bool
) async throws -> Source.Element {
  try await TestRecorder(observable.filter(predicate)).next()[0]
}

extension SearchStore {
  /// Runs `action`, then waits until the load it starts has finished.
  @MainActor
  func load(_ action: () -> Void) async throws {
    let finished = TestRecorder(results.changed.filter { !$0.isLoading })
    action()
    _ = try await finished.next()
  }
}

/// A catalogue item for tests.
func item(_ id: Int, _ title: String = "") -> Item {
  Item(id: id, title: title.isEmpty ? "Item \(id)" : title, author: "test", tags: [], stars: id)
}

/// Waits until `condition`, which reads `@Observable` state, holds: woken by
/// each change of what it read, as a SwiftUI view is, never by polling;
/// throws after `seconds`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func waitForObservedChanges(seconds: Double = 10, until condition: @escaping @MainActor () -> Bool)
  async throws
{
  let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
  while !condition() {
    guard ContinuousClock.now < deadline else { throw TimedOut(seconds: seconds) }
    try await withTimeout(seconds: seconds) { @MainActor in
      await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
        let resumed = Lock(false)
        let resume: @Sendable () -> Void = {
          // Once, whichever comes first; the loop reads the state anew.
          if resumed.withLock({ resumed in
            defer { resumed = true }
            return !resumed
          }) {
            changed.resume()
          }
        }
        let holds = withObservationTracking(condition, onChange: resume)
        if holds { resume() }
      }
    }
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import SearchFeature
import XCTest

struct TimedOut: Error {}

/// Runs `body`, failing with `TimedOut` if it takes longer than `seconds`: a
/// guard against a hang, not a way to wait.
func withTimeout<T: Sendable>(
  seconds: Double = 10, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      throw TimedOut()
    }
    let result = try await group.next()!
    group.cancelAll()
    return result
  }
}

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

/// Lets the main actor run turns until `done` holds, for at most 1,000
/// turns: for state that follows the store on later turns.
@MainActor
func mainActorTurns(until done: () -> Bool) async {
  for _ in 0..<1_000 where !done() {
    await withCheckedContinuation { turn in DispatchQueue.main.async { turn.resume() } }
  }
}

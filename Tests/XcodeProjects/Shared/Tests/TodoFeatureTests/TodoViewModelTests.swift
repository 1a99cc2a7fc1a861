import FluxCore
import FluxCoreTesting
import XCTest

@testable import TodoFeature

/// The `@Observable` view model follows the stores on the main actor.
// `nonisolated`: see TodoStoreTests.
nonisolated final class TodoViewModelTests: XCTestCase {
  @MainActor
  func testTheModelShowsWhatTheStoresHold() async throws {
    let feature = TodoFixture()
    let model = TodoViewModel(
      store: feature.store, counter: feature.counter, actions: feature.actions)
    // Changes reach the main actor in order: once this recorder has the
    // loaded count, the model has had every change before it.
    let counted = TestRecorder(feature.counter.count.changed.observe(on: .main))

    model.searchChanged("Buy")
    _ = try await counted.waitForValues(count: 1)

    XCTAssertEqual(model.titles, ["Buy milk", "Buy stamps"])
    XCTAssertEqual(model.count, 2)
  }
}

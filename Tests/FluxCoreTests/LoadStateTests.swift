import FluxCore
import XCTest

final class LoadStateTests: XCTestCase {
  enum Failure: Error, Equatable {
    case offline
  }

  typealias State = LoadState<[Int], Failure>

  func testALoadThatSucceedsGoesFromIdleThroughLoadingToLoaded() {
    let states: [State] = [
      .idle, State.idle.startingLoad(), State.idle.startingLoad().succeeding(with: [1]),
    ]

    XCTAssertEqual(states, [.idle, .loading(previous: nil), .loaded([1])])
    XCTAssertEqual(states.map(\.isLoading), [false, true, false])
    XCTAssertEqual(states.map(\.value), [nil, nil, [1]])
  }

  func testReloadingAndFailingKeepTheValueToShow() {
    let loaded = State.loaded([1, 2])

    let reloading = loaded.startingLoad()
    let failed = reloading.failing(with: .offline)

    XCTAssertEqual(reloading, .loading(previous: [1, 2]))
    XCTAssertEqual(failed, .failed(.offline, previous: [1, 2]))
    XCTAssertEqual(failed.value, [1, 2])
    XCTAssertEqual(failed.failure, .offline)
    XCTAssertFalse(failed.isLoading)
  }

  func testARetryAfterAFailureClearsTheFailure() {
    let failed = State.failed(.offline, previous: [3])

    let retrying = failed.startingLoad()
    let done = retrying.finishing(with: .success([4]))

    XCTAssertEqual(retrying, .loading(previous: [3]))
    XCTAssertNil(retrying.failure)
    XCTAssertEqual(done, .loaded([4]))
  }

  func testFinishingWithAFailureIsFailing() {
    XCTAssertEqual(
      State.loading(previous: nil).finishing(with: .failure(.offline)),
      .failed(.offline, previous: nil))
  }
}

import FluxCore
import TestSupport
import XCTest

final class AnyDisposableTests: XCTestCase {
  func testActionRunsOnceWhenDisposedTwice() {
    let runs = Counter()
    let disposable = AnyDisposable { runs.increment() }

    disposable.dispose()
    disposable.dispose()

    XCTAssertEqual(runs.value, 1)
  }

  func testActionRunsOnceWhenDisposedFromManyThreads() {
    for _ in 0..<100 {
      let runs = Counter()
      let disposable = AnyDisposable { runs.increment() }

      runOnThreads(4) { _ in disposable.dispose() }

      XCTAssertEqual(runs.value, 1)
    }
  }

  func testActionIsReleasedAfterItRuns() {
    weak var weakCapture: Tracked?
    let disposable: AnyDisposable
    do {
      let capture = Tracked()
      weakCapture = capture
      disposable = AnyDisposable { _ = capture }
    }

    disposable.dispose()

    XCTAssertNil(weakCapture)
  }

  func testActionDoesNotRunOnDeinit() {
    let runs = Counter()
    do {
      _ = AnyDisposable { runs.increment() }
    }

    XCTAssertEqual(runs.value, 0)
  }
}

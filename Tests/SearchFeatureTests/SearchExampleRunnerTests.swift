import Foundation
import XCTest

/// A test of the example's binary that can hang fails within its own
/// timeout, and after one run has hung, the others fail at once instead of
/// each waiting out its own (the sum held CI for 15 minutes).
final class SearchExampleRunnerTests: XCTestCase {
  /// A search whose stub answers after a minute stands for a binary that
  /// hangs: with a timeout of 2 s, the run is killed and fails; the next
  /// run is not started.
  func testARunThatHangsFailsWithinItsTimeoutAndLaterRunsFailAtOnce() throws {
    let runner = SearchExampleRunner(timeout: .seconds(2))
    let clock = ContinuousClock()
    let start = clock.now

    XCTAssertThrowsError(try runner.run(["json", "--latency", "60000"])) { error in
      XCTAssertTrue(error is BinaryHung, "\(error)")
    }
    let firstTook = start.duration(to: clock.now)
    XCTAssertThrowsError(try runner.run(["--help"])) { error in
      XCTAssertEqual(
        "\(error)",
        "not run: the example hung earlier (SearchExample json --latency 60000), "
          + "and would hang again")
    }

    XCTAssertLessThan(firstTook, .seconds(30), "the hung run was not stopped at its timeout")
  }
}

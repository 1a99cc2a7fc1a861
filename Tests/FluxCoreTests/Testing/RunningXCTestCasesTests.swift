import XCTest

@testable import FluxCoreTesting

/// What decides where a failure made off a Swift Testing test's task goes:
/// XCTest's start and finish notifications, counted.
///
/// Under `swift test` on Linux, XCTest and Swift Testing run in separate
/// processes, so "no case is running" is never seen in a real run here
/// (Xcode runs both in one): the count is checked on its own.
final class RunningXCTestCasesTests: XCTestCase {
  func testTheCountSaysWhetherACaseIsRunning() {
    var heard = RunningXCTestCases.State()
    XCTAssertEqual(heard.status, .unknown)

    // A case that started before the observer was registered finishes.
    heard.caseCount(changedBy: -1)
    XCTAssertEqual(heard.status, .none)
    heard.caseCount(changedBy: 1)
    XCTAssertEqual(heard.status, .running)
    heard.caseCount(changedBy: 1)
    heard.caseCount(changedBy: -1)
    XCTAssertEqual(heard.status, .running)
    heard.caseCount(changedBy: -1)
    XCTAssertEqual(heard.status, .none)
  }
}

import Dispatch
import XCTest

@testable import FluxCore

/// `waitUntilDelivered(timeout:)` turns its `Duration` into a Dispatch
/// deadline: whole seconds and the parts of a second must both count, at
/// their scale.
final class DeadlineArithmeticTests: XCTestCase {
  let start = DispatchTime(uptimeNanoseconds: 1_000)

  func testTheSubSecondPartCountsInNanoseconds() {
    let deadline = start.advanced(byAtMost: .milliseconds(1_500))

    XCTAssertEqual(deadline.uptimeNanoseconds - start.uptimeNanoseconds, 1_500_000_000)
  }

  func testSmallDurationsKeepTheirScale() {
    XCTAssertEqual(
      start.advanced(byAtMost: .microseconds(250)).uptimeNanoseconds - start.uptimeNanoseconds,
      250_000)
    XCTAssertEqual(
      start.advanced(byAtMost: .nanoseconds(7)).uptimeNanoseconds - start.uptimeNanoseconds, 7)
  }

  func testZeroNegativeAndHugeDurations() {
    XCTAssertEqual(start.advanced(byAtMost: .zero), start)
    XCTAssertEqual(start.advanced(byAtMost: .seconds(-3)), start)
    XCTAssertEqual(start.advanced(byAtMost: .seconds(Int64.max)), .distantFuture)
  }
}

import FluxCore
import XCTest

extension XCTestCase {
  /// Checks, when the test ends, that none of `sources` holds a live
  /// subscription.
  ///
  /// Call it at the start of a test for the subjects and variables the code
  /// under test subscribes to; the check runs after the test body, in its
  /// teardown. The sources are held until then, so the check is always
  /// made: a source freed during the test (a dispatcher the test made
  /// itself) would otherwise make it pass whatever happened. In Swift
  /// Testing, use ``withNoLiveSubscriptions(_:fileID:filePath:line:column:isolation:_:)``.
  ///
  /// - Parameters:
  ///   - sources: What to check at the end of the test.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func expectNoLiveSubscriptionsAtEnd(
    _ sources: any SubscriptionCounting...,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    addTeardownBlock {
      checkNoLiveSubscriptions(sources, when: " at the end of the test", at: site)
    }
  }
}

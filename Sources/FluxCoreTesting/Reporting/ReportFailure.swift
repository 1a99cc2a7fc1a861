import Testing
import XCTest

/// Records `message` as a failure in the test framework that runs the
/// current test: Swift Testing when a `@Test` is running (`Issue.record`,
/// at the caller's source location), XCTest otherwise (`XCTFail`, at the
/// caller's file and line).
///
/// Both frameworks run in one test process, and each ignores the other's
/// failures (an `XCTFail` inside a `@Test` is silently dropped), so a
/// helper that reports to only one of them lets tests of the other pass
/// whatever happened.
package func reportFailure(_ message: String, at site: CallSite) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
        column: Int(site.column)))
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}

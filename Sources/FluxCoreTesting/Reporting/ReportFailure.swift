import Testing
import XCTest

/// Records `message` as a failure in the test framework that runs the
/// current test, from any thread.
///
/// - Inside a Swift Testing test's task (`Test.current` is set): that
///   test's issue (`Issue.record`, at the caller's source location).
/// - Else, while an XCTest case runs: `XCTFail`, at the caller's file and
///   line, which reaches the running case from any thread.
/// - Else: `Issue.record` with no current test, which Swift Testing records
///   as an issue of the run ("Test «unknown» recorded an issue"), failing
///   it, as a plain `#expect` in a detached task does. This is what a check
///   on a `Thread`, in a `Task.detached` or a GCD callback of a `@Test`
///   needs.
/// - Until XCTest has told whether a case is running (see
///   ``RunningXCTestCases``): both; the framework that is not running
///   drops its copy.
///
/// Both frameworks can run in one test process, and each ignores the
/// other's failures (an `XCTFail` inside a `@Test` is silently dropped), so
/// a helper that reports to only one of them lets tests of the other pass
/// whatever happened.
package func reportFailure(_ message: String, at site: CallSite) {
  if Test.current != nil {
    recordIssue(message, at: site)
    return
  }
  switch RunningXCTestCases.status {
  case .running:
    XCTFail(message, file: site.filePath, line: site.line)
  case .none:
    recordIssue(message, at: site)
  case .unknown:
    XCTFail(message, file: site.filePath, line: site.line)
    recordIssue(message, at: site)
  }
}

/// Records a Swift Testing issue at `site`: the current test's, or the
/// run's.
private func recordIssue(_ message: String, at site: CallSite) {
  Issue.record(
    Comment(rawValue: message),
    sourceLocation: SourceLocation(
      fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
      column: Int(site.column)))
}

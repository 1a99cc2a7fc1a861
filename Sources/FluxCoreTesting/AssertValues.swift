import FluxCoreDiagnostics

/// Checks that `recorder` recorded exactly `expected`, and otherwise records
/// a failure with a line-by-line difference: `-` for an expected value that
/// is missing, `+` for a recorded value that was not expected.
///
/// ```swift
/// assertValues(recorder, equal: [0, 1, 2])
/// // recorded values differ from the expected ones:
/// //     0  0
/// //   - 1  1
/// //     2  2
/// ```
///
/// The failure goes to the framework that runs the test: Swift Testing in a
/// `@Test`, XCTest in an `XCTestCase`.
///
/// - Parameters:
///   - recorder: The recorder to check.
///   - expected: The values it should hold, in order.
///   - message: Added to the failure.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func assertValues<Element: Equatable>(
  _ recorder: TestRecorder<Element>, equal expected: [Element],
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let recorded = recorder.values
  guard recorded != expected else { return }
  let prefix = message().isEmpty ? "" : message() + "\n"
  reportFailure(
    prefix + "recorded values differ from the expected ones:\n"
      + difference(expected: expected, recorded: recorded), at: site)
}

/// Checks that `recorder` recorded exactly `expected`; the form of earlier
/// releases, which named only a file and a line.
@available(
  *, deprecated, message: "Leave out file: and line:; the caller's location is the default"
)
public func assertValues<Element: Equatable>(
  _ recorder: TestRecorder<Element>, equal expected: [Element],
  _ message: @autoclosure () -> String = "",
  file: StaticString, line: UInt = #line
) {
  assertValues(
    recorder, equal: expected, message(), fileID: file, filePath: file, line: line, column: 1)
}

import XCTest

/// An `XCTestCase` that can show a check failing: XCTest's counterpart of
/// Swift Testing's `withKnownIssue`, which Linux XCTest lacks.
///
/// Failures recorded inside ``expectFailures(_:file:line:_:)`` are kept
/// instead of failing the test; the test fails if none was recorded there.
open class FailureCapturingTestCase: XCTestCase {
  /// The failures recorded while capturing, or `nil` when not capturing.
  private var captured: [String]?

  /// Runs `body`, and returns the failures it recorded; fails the test if it
  /// recorded none, or none containing `text`.
  @discardableResult
  public func expectFailures(
    containing text: String = "", file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
  ) rethrows -> [String] {
    captured = []
    defer { captured = nil }
    try body()
    return endCapturing(expecting: text, file: file, line: line)
  }

  /// The same for asynchronous checks.
  @discardableResult
  public func expectFailures(
    containing text: String = "", file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
  ) async rethrows -> [String] {
    captured = []
    defer { captured = nil }
    try await body()
    return endCapturing(expecting: text, file: file, line: line)
  }

  /// Captures the failures recorded from now to the end of the test's
  /// teardown, and fails the test if none contains `text`: for checks that
  /// run in teardown blocks registered after this call (they run first).
  public func expectFailuresAtTeardown(
    containing text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    captured = []
    addTeardownBlock { [unowned self] in
      _ = endCapturing(expecting: text, file: file, line: line)
    }
  }

  private func endCapturing(expecting text: String, file: StaticString, line: UInt) -> [String] {
    let failures = captured ?? []
    captured = nil
    if !failures.contains(where: { text.isEmpty || $0.contains(text) }) {
      XCTFail(
        "expected a failure\(text.isEmpty ? "" : " containing “\(text)”"), got \(failures)",
        file: file, line: line)
    }
    return failures
  }

  #if canImport(Darwin)
  override open func record(_ issue: XCTIssue) {
    if captured != nil {
      captured?.append(issue.compactDescription)
    } else {
      super.record(issue)
    }
  }
  #else
  override open func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured != nil {
      captured?.append("\(description) @\(lineNumber)")
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }
  #endif
}

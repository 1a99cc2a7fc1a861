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
  let recorded = recorder.values
  guard recorded != expected else { return }
  let prefix = message().isEmpty ? "" : message() + "\n"
  reportFailure(
    prefix + "recorded values differ from the expected ones:\n"
      + difference(expected: expected, recorded: recorded),
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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

/// The lines of a readable difference between two sequences: common values
/// indented, expected-only values marked `-`, recorded-only values marked `+`,
/// each with its index in its own sequence.
func difference<Element: Equatable>(expected: [Element], recorded: [Element]) -> String {
  // A longest common subsequence, which suits the short sequences tests
  // record; past a few thousand values, show the first difference only.
  guard expected.count * recorded.count <= 4_000_000 else {
    let index =
      zip(expected, recorded).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, recorded.count)
    return "  first difference at \(index): expected \(describe(expected, index)), "
      + "recorded \(describe(recorded, index))"
  }
  var lengths = Array(
    repeating: Array(repeating: 0, count: recorded.count + 1), count: expected.count + 1)
  for i in stride(from: expected.count - 1, through: 0, by: -1) {
    for j in stride(from: recorded.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        expected[i] == recorded[j]
        ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var lines: [String] = []
  var (i, j) = (0, 0)
  while i < expected.count || j < recorded.count {
    if i < expected.count, j < recorded.count, expected[i] == recorded[j] {
      lines.append("    \(i)  \(expected[i])")
      (i, j) = (i + 1, j + 1)
    } else if j < recorded.count, i == expected.count || lengths[i][j + 1] >= lengths[i + 1][j] {
      lines.append("  + \(j)  \(recorded[j])")
      j += 1
    } else {
      lines.append("  - \(i)  \(expected[i])")
      i += 1
    }
  }
  return lines.joined(separator: "\n")
}

private func describe<Element>(_ values: [Element], _ index: Int) -> String {
  index < values.count ? "\(values[index])" : "nothing (\(values.count) values)"
}

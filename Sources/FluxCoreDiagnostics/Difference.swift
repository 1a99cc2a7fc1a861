// Readable differences, line by line, for the failures of FluxCoreTesting
// and the state checks of FluxCoreRecording's replays. (FluxCoreDiagnostics
// is internal to the package: the descriptions its products share.)

/// One step of an alignment of two sequences: a value in both, or in one
/// only.
package enum AlignmentStep: Equatable {
  /// `expected[i]` equals `recorded[j]`.
  case common(Int, Int)
  /// `expected[i]` is missing from the recorded sequence.
  case missing(Int)
  /// `recorded[j]` was not expected.
  case extra(Int)
}

/// The alignment of `expected` and `recorded` that keeps a longest common
/// subsequence, or `nil` past a few million comparisons.
package func alignment<Element: Equatable>(
  expected: [Element], recorded: [Element]
) -> [AlignmentStep]? {
  guard expected.count * recorded.count <= 4_000_000 else { return nil }
  var lengths = Array(
    repeating: Array(repeating: 0, count: recorded.count + 1), count: expected.count + 1)
  for i in stride(from: expected.count - 1, through: 0, by: -1) {
    for j in stride(from: recorded.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        expected[i] == recorded[j]
        ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var steps: [AlignmentStep] = []
  var (i, j) = (0, 0)
  while i < expected.count || j < recorded.count {
    if i < expected.count, j < recorded.count, expected[i] == recorded[j] {
      steps.append(.common(i, j))
      (i, j) = (i + 1, j + 1)
    } else if i < expected.count, j == recorded.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // On a tie, what is missing first: `-` lines before `+` lines.
      steps.append(.missing(i))
      i += 1
    } else {
      steps.append(.extra(j))
      j += 1
    }
  }
  return steps
}

/// The lines of a readable difference between two sequences: common values
/// indented, expected-only values marked `-`, recorded-only values marked `+`,
/// each with its index in its own sequence.
package func difference<Element: Equatable>(expected: [Element], recorded: [Element]) -> String {
  guard let steps = alignment(expected: expected, recorded: recorded) else {
    // Too long to align: show the first difference only.
    let index =
      zip(expected, recorded).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, recorded.count)
    return "  first difference at \(index): expected \(describe(expected, index)), "
      + "recorded \(describe(recorded, index))"
  }
  return steps.map { step in
    switch step {
    case .common(let i, _): "    \(i)  \(expected[i])"
    case .missing(let i): "  - \(i)  \(expected[i])"
    case .extra(let j): "  + \(j)  \(recorded[j])"
    }
  }.joined(separator: "\n")
}

/// A line-by-line difference between two multi-line texts: common lines
/// indented, lines only in `expected` marked `-`, lines only in `actual`
/// marked `+`.
package func textDifference(expected: String, actual: String) -> String {
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  guard let steps = alignment(expected: expectedLines, recorded: actualLines) else {
    return "- \(expected)\n+ \(actual)"
  }
  return steps.map { step in
    switch step {
    case .common(let i, _): "  \(expectedLines[i])"
    case .missing(let i): "- \(expectedLines[i])"
    case .extra(let j): "+ \(actualLines[j])"
    }
  }.joined(separator: "\n")
}

/// `value` as Swift's `dump` prints it: one line per stored property,
/// nested, so that two values can be compared line by line.
package func dumped<Value>(_ value: Value) -> String {
  var text = ""
  dump(value, to: &text)
  return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

private func describe<Element>(_ values: [Element], _ index: Int) -> String {
  index < values.count ? "\(values[index])" : "nothing (\(values.count) values)"
}

import FluxCore
import FluxCoreDiagnostics

extension StoreTester {
  /// Waits until every action sent so far has been delivered, then, with
  /// exhaustivity on, fails the test for each action it did not assert and
  /// for a change of the state it did not assert.
  ///
  /// Call it at the end of the test. A tester freed without it checks the
  /// same, without waiting.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the deliveries.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish(
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let delivered = await withinTimeLimit(timeout) { [self] in await waitForDeliveries() }
    if !delivered {
      reportFailure("the actions sent were not all delivered within \(timeout)", at: site)
    }
    let stateNow = currentState()
    let leftOver = pending
    markFinished(stateNow: stateNow)
    if leftOver.exhaustivity == .on { reportLeftOver(leftOver, stateNow: stateNow, at: site) }
  }

  /// Everything the test has not asserted, as failures.
  func reportLeftOver(_ record: StoreTesterRecord<State>, stateNow: State, at site: CallSite) {
    if !record.received.isEmpty {
      let count = record.received.count
      reportFailure(
        "\(count) action\(count == 1 ? " was" : "s were") received but not asserted:\n  "
          + record.received.map(\.description).joined(separator: "\n  "), at: site)
    } else if stateNow != record.asserted {
      reportFailure(
        "the state changed after the last assertion, and the test did not say how "
          + "(- asserted, + actual):\n"
          + textDifference(expected: dumped(record.asserted), actual: dumped(stateNow)),
        at: site)
    }
  }
}

import FluxCore
import FluxCoreDiagnostics

extension StoreTester {
  /// Waits until every action sent so far has been delivered, then, with
  /// exhaustivity on, fails the test for each action it did not assert and
  /// for a change of the state it did not assert.
  ///
  /// Call it at the end of the test. A tester freed without it checks the
  /// same, without waiting. An action sent after it, while the tester
  /// lives, fails the test, where it is sent; if work may still send
  /// actions, wait for it with
  /// ``finish(waitingFor:timeout:fileID:filePath:line:column:)``.
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
    await finish(waitingFor: [], timeout: timeout, at: site)
  }

  /// Waits for `tasks` to end, then finishes as
  /// ``finish(timeout:fileID:filePath:line:column:)`` does; fails the test
  /// for each task still running when `timeout` has passed.
  ///
  /// For the tasks of action creators that may still send actions: an
  /// action sent after `finish` fails the test, but only while the tester
  /// lives, so a test that ends with work still running could pass.
  ///
  /// ```swift
  /// let saving = actions.save(draft)  // the task `LatestTask.run` returned
  /// await tester.receive(\.saving, true) { $0.isSaving = true }
  /// await tester.receive(\.saving, false) { $0.isSaving = false }
  /// await tester.finish(waitingFor: [saving])
  /// ```
  ///
  /// A task still running is not cancelled: what it sends later, while the
  /// tester lives, fails the test as sent after `finish`. Tasks of other
  /// result types can be given as tasks that await them:
  /// `Task { _ = await other.result }`.
  ///
  /// - Parameters:
  ///   - tasks: The work to wait for.
  ///   - timeout: How long to wait for the tasks, and then again for the
  ///     deliveries.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public func finish<Success: Sendable, Failure: Error>(
    waitingFor tasks: [Task<Success, Failure>], timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let waits = tasks.map { task in { @Sendable in _ = await task.result } }
    await finish(waitingFor: waits, timeout: timeout, at: site)
  }

  private func finish(
    waitingFor work: [@Sendable () async -> Void], timeout: Duration, at site: CallSite
  ) async {
    let running = await unfinished(Array(work.enumerated()), timeout: timeout)
    if !running.isEmpty {
      reportFailure(stillRunning(running, of: work.count, within: timeout), at: site)
    }
    let stillDelivering = await waitForDeliveries(timeout: timeout)
    if !stillDelivering.isEmpty {
      let sent = unasserted(sentTo: stillDelivering.map(\.subject))
      reportFailure(
        "the actions sent were not all delivered within \(timeout): "
          + stillDelivering.map(\.name).joined(separator: ", ")
          + " still delivering (a handler has not returned)"
          + (sent.isEmpty ? "" : "; sent to it:\n  " + sent.joined(separator: "\n  ")),
        at: site)
    }
    let stateNow = currentState()
    let leftOver = markFinished(stateNow: stateNow, at: site)
    if leftOver.exhaustivity == .on { reportLeftOver(leftOver, stateNow: stateNow, at: site) }
  }

  /// The failure for the tasks at the indices `running`, of `count`, still
  /// running after `timeout`.
  private func stillRunning(_ running: [Int], of count: Int, within timeout: Duration) -> String {
    let which = running.map { "#\($0 + 1)" }.joined(separator: ", ")
    let sent = pending.received.map(\.description)
    return "finish(waitingFor:) waited \(timeout), and task\(running.count == 1 ? "" : "s") "
      + "\(which) of \(count) \(running.count == 1 ? "was" : "were") still running"
      + (sent.isEmpty
        ? "" : "; sent so far and not asserted:\n  " + sent.joined(separator: "\n  "))
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

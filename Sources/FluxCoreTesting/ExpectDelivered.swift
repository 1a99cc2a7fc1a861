import FluxCore

/// Something whose deliveries a test can wait for: FluxCore's subjects and
/// variables.
public protocol DeliveryWaiting: AnyObject, Sendable {
  /// Returns once everything dispatched before the call has been delivered.
  func waitUntilDelivered() async
  /// The same, blocking for at most `timeout`; `false` if it ran out.
  func waitUntilDelivered(timeout: Duration) -> Bool
}

extension DispatchSubject: DeliveryWaiting {}
extension Variable: DeliveryWaiting {}

/// Blocks until everything dispatched to each of `sources` before the call
/// has been delivered, waiting for them in the order given, and records a
/// failure if that takes longer than `timeout` in all.
///
/// Call it after the threads of a test are done and before asserting on
/// what their events did: since a `dispatch` call may queue its event and
/// return (guarantees 2 and 8), the events may still be on their way. List
/// sources whose handlers dispatch to others before those others:
///
/// ```swift
/// runOnThreads(4) { _ in for value in 0..<1_000 { requests.dispatch(value) } }
/// expectDelivered(requests, responses)  // requests' handlers dispatch responses
/// ```
///
/// - Parameters:
///   - sources: What to wait for, in order.
///   - timeout: The longest time to wait, in all.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
/// - Returns: Whether everything was delivered in time.
@discardableResult
public func expectDelivered(
  _ sources: any DeliveryWaiting..., within timeout: Duration = .seconds(10),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout.clampedToLongestWait)
  for (index, source) in sources.enumerated() {
    guard source.waitUntilDelivered(timeout: clock.now.duration(to: deadline)) else {
      reportFailure(
        "#\(index + 1) \(type(of: source)) did not finish delivering within \(timeout)",
        at: site)
      return false
    }
  }
  return true
}

/// Waits until everything dispatched to each of `sources` before the call
/// has been delivered, in the order given, and records a failure if that
/// takes longer than `timeout` in all; the asynchronous form of
/// the blocking `expectDelivered(_:within:)`.
///
/// - Parameters:
///   - sources: What to wait for, in order.
///   - timeout: The longest time to wait, in all.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
/// - Returns: Whether everything was delivered in time.
@discardableResult
public func expectDelivered(
  _ sources: any DeliveryWaiting..., within timeout: Duration = .seconds(10),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let delivered = await withinTimeLimit(timeout) {
    for source in sources { await source.waitUntilDelivered() }
  }
  if !delivered { reportFailure("the deliveries did not finish within \(timeout)", at: site) }
  return delivered
}

/// Runs `work` and returns `true` once it finishes, or `false` once
/// `timeLimit` has passed first, leaving it to finish on its own.
///
/// A bound on a wait, so that a test that would hang fails instead; not a
/// way to wait.
func withinTimeLimit(
  _ timeLimit: Duration, _ work: @escaping @Sendable () async -> Void
) async -> Bool {
  let outcome = Lock<Bool?>(nil)
  return await withCheckedContinuation { (finished: CheckedContinuation<Bool, Never>) in
    func settle(_ value: Bool) {
      let first = outcome.withLock { outcome -> Bool in
        guard outcome == nil else { return false }
        outcome = value
        return true
      }
      if first { finished.resume(returning: value) }
    }
    let timer = Task {
      try? await Task.sleep(for: timeLimit.clampedToLongestWait)
      settle(false)
    }
    Task {
      await work()
      settle(true)
      timer.cancel()
    }
  }
}

import FluxCore
import FluxCoreDiagnostics

extension StoreTester {
  /// Asserts that the next action is `value` sent to the subject at
  /// `subject`, and that it changed the state as `update` says.
  ///
  /// Waits, at most `timeout`, for the action to be sent, then at most
  /// `timeout` again for it to be delivered; never sleeps for a fixed time.
  /// Without `update`, the action must leave the state as it was; with it,
  /// it must change the state (exhaustive), as `update` says. Inside
  /// `update`, the tester's ``state`` is the state before the action.
  ///
  /// ```swift
  /// await tester.receive(\.loading, true)
  /// await tester.receive(\.items, page) { $0.results = .loaded(page.items) }
  /// ```
  ///
  /// With ``Exhaustivity/off``, actions before the first one that matches
  /// are skipped, and only the properties `update` sets are checked.
  ///
  /// - Parameters:
  ///   - subject: The dispatcher's subject, as a key path: `\.items`.
  ///   - value: The value the action carries.
  ///   - timeout: How long to wait for it; the tester's timeout by default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's actor, where `update` runs.
  ///   - update: Changes the state before the action into the state after.
  public func receive<Element: Equatable>(
    _ subject: KeyPath<Dispatcher, DispatchSubject<Element>>, _ value: Element,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ update: ((inout State) -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      subject, described: "\(name(of: subject)) ← \(value)", timeout: timeout, at: site,
      matching: { $0 == value }, update)
  }

  /// Asserts that the next action is sent to the subject at `subject` with
  /// a value that satisfies `isExpected`, and that it changed the state as
  /// `update` says: for actions whose values are not `Equatable`.
  ///
  /// - Parameters:
  ///   - subject: The dispatcher's subject, as a key path: `\.error`.
  ///   - timeout: How long to wait for it; the tester's timeout by default.
  ///   - isExpected: Whether the action's value is the one expected.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's actor, where `update` runs.
  ///   - update: Changes the state before the action into the state after.
  public func receive<Element>(
    _ subject: KeyPath<Dispatcher, DispatchSubject<Element>>,
    timeout: Duration? = nil,
    where isExpected: @escaping (Element) -> Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ update: ((inout State) -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      subject, described: "an action on \(name(of: subject))", timeout: timeout, at: site,
      matching: isExpected, update)
  }

  /// Asserts that the next action is sent to the subject at `subject`, an
  /// action without a payload (`DispatchSubject<Void>`), and that it changed
  /// the state as `update` says.
  ///
  /// ```swift
  /// await tester.receive(\.clear) { $0.items = [] }
  /// ```
  ///
  /// It waits, checks the state and reports exactly as
  /// ``receive(_:_:timeout:fileID:filePath:line:column:isolation:_:)`` does.
  ///
  /// - Parameters:
  ///   - subject: The dispatcher's subject, as a key path: `\.clear`.
  ///   - timeout: How long to wait for it; the tester's timeout by default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  ///   - isolation: The caller's actor, where `update` runs.
  ///   - update: Changes the state before the action into the state after.
  public func receive(
    _ subject: KeyPath<Dispatcher, DispatchSubject<Void>>,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ update: ((inout State) -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      subject, described: "\(name(of: subject)) ← ()", timeout: timeout, at: site,
      matching: { _ in true }, update)
  }

  private func receive<Element>(
    _ subject: KeyPath<Dispatcher, DispatchSubject<Element>>, described expected: String,
    timeout: Duration?, at site: CallSite,
    matching isExpected: @escaping (Element) -> Bool,
    isolation: isolated (any Actor)? = #isolation,
    _ update: ((inout State) -> Void)?
  ) async {
    let timeout = timeout ?? self.timeout
    let identity = identity(of: subject)
    let isExhaustive = exhaustivity == .on
    let found = await waitForAction(timeout: timeout) { action in
      // Exhaustive: the next action, whatever it is; else the first match.
      isExhaustive
        || (action.subject == identity && (action.value as? Element).map(isExpected) == true)
    }
    guard let index = found else {
      let unasserted = pending.received.map(\.description)
      reportFailure(
        "expected to receive \(expected), but nothing matching was sent within \(timeout)"
          + (unasserted.isEmpty
            ? "" : "; received instead:\n  " + unasserted.joined(separator: "\n  ")),
        at: site)
      return
    }
    let stillDelivering = await waitForDeliveries(timeout: timeout)
    let (taken, before, after) = take(through: index, stateNow: currentState())
    defer { accept(after) }
    let action = taken[index]
    if isExhaustive {
      guard action.subject == identity, let value = action.value as? Element, isExpected(value)
      else {
        reportFailure("expected to receive \(expected), received \(action.description)", at: site)
        return
      }
    }
    guard stillDelivering.isEmpty else {
      reportFailure(notDelivered(action, within: timeout, stillDelivering), at: site)
      return
    }
    checkState(after: action, before: before, after: after, isExhaustive, update, at: site)
  }

  /// Checks the state `after` against the state the test expects: `update`
  /// applied to the state `before` (exhaustive), or to `after` itself (only
  /// what `update` sets).
  ///
  /// Exhaustive, a mutation must change the state.
  private func checkState(
    after action: ReceivedAction<State>, before: State, after: State, _ isExhaustive: Bool,
    _ update: ((inout State) -> Void)?, at site: CallSite
  ) {
    var expected = isExhaustive ? before : after
    update?(&expected)
    guard expected != after else {
      if isExhaustive, update != nil, after == before {
        reportFailure(
          "expected the state to change after \(action.description), but it did not: the "
            + "mutation sets what the state already held; leave it out if the action changes "
            + "nothing", at: site)
      }
      return
    }
    let what =
      update == nil
      ? "the state changed after \(action.description), but the test did not say how"
      : "the state after \(action.description) is not what the test expected"
    reportFailure(
      "\(what) (- expected, + actual):\n"
        + textDifference(expected: dumped(expected), actual: dumped(after)), at: site)
  }

  /// The failure for `action`, sent, when the subjects `stillDelivering`
  /// had not finished delivering within `timeout`.
  private func notDelivered(
    _ action: ReceivedAction<State>, within timeout: Duration,
    _ stillDelivering: [(subject: ObjectIdentifier, name: String)]
  ) -> String {
    let names = stillDelivering.map(\.name).joined(separator: ", ")
    return stillDelivering.contains { $0.subject == action.subject }
      ? "\(action.description) was sent, but not delivered within \(timeout): a handler of "
        + "\(names) has not returned"
      : "\(action.description) was delivered, but \(names) did not finish delivering within "
        + "\(timeout), so the state after it is not known"
  }
}

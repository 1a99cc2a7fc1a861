/// An action a ``StoreTester`` saw, not yet asserted.
struct ReceivedAction<State: Sendable>: Sendable {
  /// The subject it was sent to.
  let subject: ObjectIdentifier
  /// As `DispatchLog` names it: `SearchDispatcher.items ← value`.
  let description: String
  let value: any Sendable
  /// The state once the action was delivered, taken when the next action
  /// was sent (before it was delivered); `nil` while this is the last one.
  var stateAfter: State?
}

/// What a ``StoreTester`` keeps, under its lock.
struct StoreTesterRecord<State: Sendable>: Sendable {
  /// The actions not yet asserted, in the order they were sent.
  var received: [ReceivedAction<State>] = []
  /// The state the test has accounted for so far.
  var asserted: State
  var exhaustivity: Exhaustivity
  /// Where the test called `finish`, once it has: an action sent after it
  /// is reported there.
  var finishedAt: CallSite?

  init(asserted: State, exhaustivity: Exhaustivity) {
    self.asserted = asserted
    self.exhaustivity = exhaustivity
  }

  /// Notes an action sent now, with the state it found: the state after the
  /// action before it.
  ///
  /// - Returns: Where the test called `finish`, if it has and exhaustivity
  ///   is on: the action came too late, and is reported there instead of
  ///   being noted.
  /// Per subject, the actions logged whose `dispatch` call has not yet
  /// returned: not yet in the subject's hands, so that a wait for its
  /// delivery would not see them.
  var dispatching: [ObjectIdentifier: Int] = [:]

  mutating func dispatchReturned(to subject: ObjectIdentifier) {
    dispatching[subject, default: 1] -= 1
    if dispatching[subject] == 0 { dispatching[subject] = nil }
  }

  mutating func append(_ action: ReceivedAction<State>, stateBefore: State) -> CallSite? {
    dispatching[action.subject, default: 0] += 1
    if let finishedAt { return exhaustivity == .on ? finishedAt : nil }
    if let last = received.indices.last, received[last].stateAfter == nil {
      received[last].stateAfter = stateBefore
    }
    received.append(action)
    return nil
  }
}

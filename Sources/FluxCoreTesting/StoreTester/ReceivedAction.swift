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
  /// Whether ``StoreTester/finish(timeout:fileID:filePath:line:column:)``
  /// has run.
  var isFinished = false

  init(asserted: State, exhaustivity: Exhaustivity) {
    self.asserted = asserted
    self.exhaustivity = exhaustivity
  }

  /// Notes an action sent now, with the state it found: the state after the
  /// action before it.
  mutating func append(_ action: ReceivedAction<State>, stateBefore: State) {
    if let last = received.indices.last, received[last].stateAfter == nil {
      received[last].stateAfter = stateBefore
    }
    received.append(action)
  }
}

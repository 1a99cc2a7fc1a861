extension UndoHistory {
  /// A step, as an ``UndoRevert`` takes it back or redoes it: the state
  /// before it and after it, its label, and the actions that made it.
  ///
  /// `after` is the state the step left, before any change that was not
  /// a step (a sync, a loading flag) moved the present on; comparing it with
  /// `before` says what the step itself changed.
  public struct Step: Sendable {
    /// The state before the step.
    public var before: Value
    /// The state after it: after its last change, when changes were
    /// coalesced or grouped into it.
    public var after: Value
    /// Its label, as the history's `label` gave it, or `nil`.
    public var label: String?
    /// The actions that made it, oldest first: every action delivered
    /// while a change of the step was made (none for a change made outside
    /// any action, or for a step restored from a saved history).
    public var actions: [DispatchRecord]

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - before: The state before it.
    ///   - after: The state after it.
    ///   - label: Its label.
    ///   - actions: The actions that made it, oldest first.
    public init(before: Value, after: Value, label: String? = nil, actions: [DispatchRecord] = []) {
      self.before = before
      self.after = after
      self.label = label
      self.actions = actions
    }
  }
}

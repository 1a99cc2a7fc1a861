extension UndoHistory {
  /// Undoes `steps` steps (as many as there are, at most), in one change of
  /// the state.
  ///
  /// ```swift
  /// history.undo()
  /// history.undo(steps: 3)
  /// ```
  ///
  /// - Parameter steps: How many; 0 or less does nothing.
  public func undo(steps: Int = 1) {
    perform(.undo(steps: steps))
  }

  /// Redoes `steps` undone steps (as many as there are, at most), in one
  /// change of the state.
  ///
  /// - Parameter steps: How many; 0 or less does nothing.
  public func redo(steps: Int = 1) {
    perform(.redo(steps: steps))
  }

  /// Goes to a position of the timeline in one change of the state: 0 is
  /// the oldest state kept, ``UndoHistoryStatus/undoCount`` the present,
  /// `undoCount + redoCount` the last redo.
  ///
  /// ```swift
  /// history.jump(to: 0)  // back to the oldest state kept
  /// ```
  ///
  /// Positions count from the oldest state kept, so they move when the
  /// bounds drop one.
  ///
  /// - Parameter position: Where to go; one out of range goes to the
  ///   nearest end.
  public func jump(to position: Int) {
    perform(.jump(to: position))
  }

  /// Forgets every step, to undo and to redo; the state stays as it is.
  public func clear() {
    perform(.clear)
  }

  /// Stops recording steps: changes until ``resume()`` change the state but
  /// are not steps to undo.
  public func pause() {
    perform(.pause)
  }

  /// Records steps again after ``pause()``.
  public func resume() {
    perform(.resume)
  }

  /// Starts a group: every change until ``endGroup()`` is one step, however
  /// many actions make it.
  ///
  /// Groups nest; the outermost one makes the step.
  ///
  /// - Parameter label: The step's label; `nil` takes the label of its
  ///   first change.
  public func beginGroup(label: String? = nil) {
    perform(.beginGroup(label: label))
  }

  /// Ends the group that ``beginGroup(label:)`` started; without one, does
  /// nothing.
  public func endGroup() {
    perform(.endGroup)
  }

  /// Makes every change that `body` makes one step.
  ///
  /// ```swift
  /// history.group(label: "Paste") {
  ///   actions.insert(rows)
  ///   actions.select(rows)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The step's label; `nil` takes the label of its first change.
  ///   - body: Makes the changes.
  /// - Returns: What `body` returns.
  public func group<Result>(label: String? = nil, _ body: () throws -> Result) rethrows -> Result {
    beginGroup(label: label)
    defer { endGroup() }
    return try body()
  }

  /// Carries out `command`: what a store's binding of an `undo` subject
  /// calls.
  ///
  /// - Parameter command: What to do.
  public func perform(_ command: UndoCommand) {
    lane.send(.command(command, action: ActionContext.current))
  }

  /// Returns once every change of the state and every command made before
  /// the call has been taken into the history, and the writes of the undos
  /// and redos among them delivered: for tests, and for code that reads
  /// ``status`` after other threads made changes.
  ///
  /// No polling: the history resumes the caller when the last of its own
  /// writes has come back.
  public func waitUntilDelivered() async {
    // The state's changes made before the call reach the lane during their
    // delivery, and are counted then.
    await source.waitUntilDelivered()
    let sent = lane.sent
    #if DEBUG
    model.withLock { $0.whileWaiting }?(nil)
    #endif
    await withCheckedContinuation { (settled: CheckedContinuation<Void, Never>) in
      let now = model.withLock { model in
        // The lane's count read under the lock in which the lane counts an
        // event handled: an event halfway through the lane, counted sent
        // before it began, is not counted handled yet. (Nothing takes the
        // two locks the other way round.)
        if model.isIdle(sent: lane.sent) { return true }
        model.settledWaiters.append((sent, settled))
        return false
      }
      #if DEBUG
      model.withLock { $0.whileWaiting }?(now)
      #endif
      if now { settled.resume() }
    }
  }
}

// Undo, redo and jump in the model: planning a move (the state to write,
// or the steps a revert takes it from), and landing it once the write comes
// back, moving the steps it crossed from one side of the present to the
// other.

/// What a command asks the history to write.
enum HistoryPlan<Value: Equatable & Sendable>: Sendable {
  /// Writes this state, a move of `move` steps.
  case write(Value, move: Int)
  /// Writes what the revert makes of the state as it is then over
  /// `steps` (taken back newest first, or redone next first): a move of
  /// `move` steps.
  case revert(_ steps: [UndoHistory<Value>.Step], move: Int)

  /// How many steps it moves: back (negative) or forward (positive).
  var move: Int {
    switch self {
    case .write(_, let move), .revert(_, let move): move
    }
  }
}

extension HistoryModel {
  /// Plans `command`: returns what to write for an undo, a redo or a jump
  /// that moves, and does the rest at once.
  mutating func plan(_ command: UndoCommand) -> HistoryPlan<Value>? {
    switch command {
    case .undo(let steps): return planMove(-Swift.min(Swift.max(steps, 0), past.count))
    case .redo(let steps): return planMove(Swift.min(Swift.max(steps, 0), future.count))
    case .jump(let position):
      let target = Swift.min(Swift.max(position, 0), past.count + future.count)
      return planMove(target - past.count)
    case .clear:
      past.removeAll()
      future.removeAll()
      bytes = 0
      burst = nil
      structure += 1
    case .pause:
      isPaused = true
      burst = nil
    case .resume:
      isPaused = false
    case .beginGroup(let label):
      if let group { self.group?.depth = group.depth + 1 } else { group = (1, label, false) }
      burst = nil
    case .endGroup:
      if let group {
        self.group = group.depth > 1 ? (group.depth - 1, group.label, group.hasStep) : nil
      }
      burst = nil
    }
    return nil
  }

  private func planMove(_ move: Int) -> HistoryPlan<Value>? {
    guard move != 0 else { return nil }
    guard keepsOtherEnds else {
      return .write(
        move < 0 ? past[past.count + move].state : future[future.count - move].state, move: move)
    }
    return .revert(steps(moving: move), move: move)
  }

  /// The steps a move crosses, with both their ends: taken back newest
  /// first, or redone next first.
  private func steps(moving move: Int) -> [UndoHistory<Value>.Step] {
    var steps: [UndoHistory<Value>.Step] = []
    var neighbour = present
    for index in 0..<abs(move) {
      if move < 0 {
        let step = past[past.count - 1 - index]
        steps.append(
          .init(
            before: step.state, after: step.other ?? neighbour, label: step.label,
            actions: step.actions))
        neighbour = step.state
      } else {
        let step = future[future.count - 1 - index]
        steps.append(
          .init(
            before: step.other ?? neighbour, after: step.state, label: step.label,
            actions: step.actions))
        neighbour = step.state
      }
    }
    return steps
  }

  /// The id of the next write of the history's own.
  mutating func nextWrite() -> Int {
    nextWriteID += 1
    return nextWriteID
  }

  /// Notes write `id` of `target`, for a move of `move` steps asked for by
  /// `action` (labelled `label`), as the history's own write on its way.
  mutating func started(
    _ id: Int, writing target: Value, move: Int, label: String?, action: DispatchRecord?
  ) {
    inFlight = OwnWrite(
      id: id, target: target, move: move, structure: structure, label: label, action: action)
  }

  /// The history's own write has been delivered as `value`: moves along the
  /// timeline, or, if the past or the future changed meanwhile, records it
  /// as a change.
  ///
  /// - Parameters:
  ///   - value: The state delivered.
  ///   - at: When, on the history's clock.
  ///   - presentSize: The size of the present it replaces.
  mutating func land(_ value: Value, at: Duration, presentSize: Int) {
    guard let write = inFlight else { return }
    inFlight = nil
    guard write.structure == structure else {
      record(
        value, as: .push(label: write.label), at: at, presentSize: presentSize,
        action: write.action)
      burst = nil
      return
    }
    let size =
      write.move < 0 ? moveBack(-write.move, presentSize) : moveForward(write.move, presentSize)
    present = value
    self.presentSize = keepsOtherEnds ? nil : size
    burst = nil
    if group != nil { group?.hasStep = false }
    structure += 1
    enforceBounds()
  }

  /// Moves `count` steps from the past to the future.
  ///
  /// Each keeps the state after it. Undone from the present, the last
  /// keeps the state before it too, which the new present is not.
  ///
  /// - Returns: The size of the state before the last step moved.
  private mutating func moveBack(_ count: Int, _ presentSize: Int) -> Int {
    move(count, back: true, presentSize)
  }

  /// Moves `count` steps from the future to the past.
  ///
  /// Each keeps the state before it. Redone from the present, the last
  /// keeps the state after it too, which the new present is not.
  ///
  /// - Returns: The size of the state after the last step moved.
  private mutating func moveForward(_ count: Int, _ presentSize: Int) -> Int {
    move(count, back: false, presentSize)
  }

  /// Moves `count` steps from one side of the present to the other: each
  /// keeps, as its state, its other end (its own, or its neighbour in the
  /// timeline, starting from the present).
  ///
  /// No key paths or tuples of `Value` here: in generic code, each would
  /// cost a metadata lookup an undo does not need.
  ///
  /// - Returns: The size of the state of the last step moved.
  private mutating func move(_ count: Int, back: Bool, _ presentSize: Int) -> Int {
    var neighbour = present
    var neighbourSize = presentSize
    for _ in 0..<count {
      guard let step = back ? past.popLast() : future.popLast() else { break }
      let moved = HistoryStep(
        state: step.other ?? neighbour, label: step.label, actions: step.actions,
        stateSize: step.other == nil ? neighbourSize : step.otherSize)
      if back { future.append(moved) } else { past.append(moved) }
      bytes += moved.size - step.size
      neighbour = step.state
      neighbourSize = step.stateSize
    }
    if keepsOtherEnds { keepBoundary(neighbour, size: neighbourSize) }
    return neighbourSize
  }

  /// After a move from the present, `state` is no longer the present's
  /// neighbour: the steps on either side of the present that end there
  /// keep it as their other end (the step just moved, and the one before
  /// it on the other side).
  private mutating func keepBoundary(_ state: Value, size: Int) {
    if !future.isEmpty, future[future.count - 1].other == nil {
      future[future.count - 1].keep(other: state, size: size)
      bytes += size
    }
    if !past.isEmpty, past[past.count - 1].other == nil {
      past[past.count - 1].keep(other: state, size: size)
      bytes += size
    }
  }

  /// Replaces the steps and the present with an archive's, measured.
  ///
  /// The past comes oldest first, the future nearest first. Then the
  /// oldest beyond the bounds are dropped.
  mutating func adopt(
    _ past: [HistoryStep<Value>], _ present: Value, _ future: [HistoryStep<Value>]
  ) {
    self.past.removeAll()
    self.future.removeAll()
    bytes = 0
    for var step in past {
      if !keepsOtherEnds { step.dropOther() }
      self.past.append(step)
      bytes += step.size
    }
    for var step in future.reversed() {
      if !keepsOtherEnds { step.dropOther() }
      self.future.append(step)
      bytes += step.size
    }
    self.present = present
    presentSize = nil
    burst = nil
    structure += 1
    enforceBounds()
  }
}

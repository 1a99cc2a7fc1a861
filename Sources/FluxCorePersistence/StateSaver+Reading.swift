extension StateSaver {
  /// Reads the file again, if it was not read yet.
  ///
  /// - Returns: What the file holds now.
  func reload() -> Restoration {
    onTheQueue {
      if state.withLock({ $0.blocker != nil }) { _ = readAgain() }
      return restoration
    }
  }

  /// What reading the file again gave.
  enum ReadAgain {
    /// It read: its value is the state's now.
    case restored
    /// It is taken care of (gone, or moved aside): writing may go on.
    case taken
    /// It is still there, and not read: nothing may be written.
    case blocked(PersistenceError)
  }

  /// Reads the file again, for a state that has not read it yet.
  ///
  /// A value read replaces the state's, and clears ``saveError``: the state
  /// is what the file holds.
  func readAgain() -> ReadAgain {
    let outcome = reader.read()
    state.withLock { state in
      state.restoration = outcome.restoration
      state.blocker = outcome.blocker
    }
    if let value = outcome.value {
      variable?.value = value  // gone: the saver is closing, and the file wins
      if errors.value != nil { errors.value = nil }
      return .restored
    }
    return outcome.blocker.map { .blocked($0) } ?? .taken
  }
}

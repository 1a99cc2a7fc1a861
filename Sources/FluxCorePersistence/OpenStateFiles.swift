import FluxCore

/// How a state file of this process is used.
package enum OpenStateFile: Sendable {
  /// A ``PersistentState`` saves to it.
  case open
  /// The state that saved to it was freed, and its last write is on its
  /// saver's queue: the function returns once that write is done, or
  /// `false` at once on that queue, where waiting would never end.
  case closing(waitUntilClosed: @Sendable () -> Bool)
}

/// The state files that a ``PersistentState`` of this process has open, by
/// standardized path: a second state of the same file in one process would
/// write over the first one's changes, and is refused.
package let openStateFiles = Lock<[String: OpenStateFile]>([:])

/// Marks `path` open for a new state, after waiting for the last write of a
/// state of it that was freed, if one is on its way (so that the new state
/// reads what the freed one saved).
///
/// - Returns: `false` if another state of this process has it open (or is
///   closing it, when called on that state's queue).
package func openStateFile(_ path: String) -> Bool {
  while true {
    let use = openStateFiles.withLock { files -> OpenStateFile? in
      if let use = files[path] { return use }
      files[path] = .open
      return nil
    }
    switch use {
    case nil: return true
    case .open?: return false
    case .closing(let waitUntilClosed)?: if !waitUntilClosed() { return false }
    }
  }
}

/// One thing to do.
// `nonisolated`: actions carry it between threads, and tests compare it, so
// in a target whose default isolation is the main actor it must not be a
// main-actor type (whose `Equatable` conformance would be isolated).
nonisolated struct TodoItem: Sendable, Equatable {
  let id: Int
  let title: String
}

/// Why loading failed.
enum TodoError: Error, Sendable, Equatable {
  case offline
}

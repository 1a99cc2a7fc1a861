import FluxCore

/// The state files that a ``PersistentState`` of this process has open, by
/// standardized path: a second state of the same file in one process would
/// write over the first one's changes, and is refused.
let openStateFiles = Lock<Set<String>>([])

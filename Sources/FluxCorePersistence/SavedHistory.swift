import FluxCore

/// What a ``PersistentHistory`` saves: the archive of its history, read
/// when the file is written (so that a change costs no copy of the
/// history), or as read from the file.
struct SavedHistory<Value: Codable & Equatable & Sendable>: Codable, Sendable {
  private enum Source: Sendable {
    case read(UndoHistory<Value>.Archive)
    case live(LiveHistory<Value>)
  }

  private let source: Source

  /// The archive read from a file, or made for a first launch.
  init(_ archive: UndoHistory<Value>.Archive) {
    source = .read(archive)
  }

  /// The history itself, archived when it is written.
  init(live history: LiveHistory<Value>) {
    source = .live(history)
  }

  /// The archive as read, or `nil` for a live history.
  var read: UndoHistory<Value>.Archive? {
    if case .read(let archive) = source { return archive }
    return nil
  }

  init(from decoder: any Decoder) throws {
    source = .read(try UndoHistory<Value>.Archive(from: decoder))
  }

  func encode(to encoder: any Encoder) throws {
    switch source {
    case .read(let archive): try archive.encode(to: encoder)
    case .live(let history): try history.archive.encode(to: encoder)
    }
  }
}

/// A history being saved, as its saver sees it: its steps, read without
/// keeping the history or its state alive (they keep the saving alive, not
/// the other way round), and the state's latest value, for a history freed
/// before its state.
final class LiveHistory<Value: Codable & Equatable & Sendable>: Sendable {
  private let archiver: UndoHistoryArchiver<Value>
  private weak let history: UndoHistory<Value>?
  private let latest: Lock<Value>

  init(_ history: UndoHistory<Value>, present: Value) {
    archiver = history.archiver
    self.history = history
    latest = Lock(present)
  }

  /// Notes the state's value after a change.
  func changed(to value: Value) {
    latest.withLock { $0 = value }
  }

  /// The history now: its steps, and the state's latest value once the
  /// history is gone (its steps stay as it left them).
  var archive: UndoHistory<Value>.Archive {
    var archive = archiver.archive
    if history == nil { archive.present = latest.withLock { $0 } }
    return archive
  }
}

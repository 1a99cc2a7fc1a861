import FluxCore

/// What a ``PersistentHistory`` saves: the archive of its history, read
/// from the history when the file is written (so that a change costs no
/// copy of the history), or as read from the file.
struct SavedHistory<Value: Codable & Equatable & Sendable>: Codable, Sendable {
  private enum Source: Sendable {
    case read(UndoHistory<Value>.Archive)
    case live(UndoHistory<Value>)
  }

  private let source: Source

  /// The archive read from a file, or made for a first launch.
  init(_ archive: UndoHistory<Value>.Archive) {
    source = .read(archive)
  }

  /// The history itself, archived when it is written.
  init(live history: UndoHistory<Value>) {
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

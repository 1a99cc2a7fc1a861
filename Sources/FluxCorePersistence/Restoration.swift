/// What a ``PersistentState`` found in its file: what the app starts with,
/// and, for a file it could not use, why, and what became of the file.
///
/// It is read when the state is created, and again, for a file that was not
/// read then (``notRead(_:)``, ``newerVersion(found:known:)``, or a damaged
/// file that could not be moved aside), by ``PersistentState/reload()`` and
/// before each write: ``PersistentState/restoration`` gives the latest.
public enum Restoration: Sendable, Equatable, CustomStringConvertible {
  /// There was no file: the state starts from its default.
  case noFile
  /// The saved state was read, migrated first if it was saved by an older
  /// version.
  case restored(fromVersion: Int)
  /// The file's bytes were read and are not a state this app can use
  /// (empty, torn, foreign, of another type, with no migration): the file
  /// was moved aside, untouched, and the state starts from its default.
  case unreadable(UnreadableFile)
  /// The file is there but could not be opened or read: no free file
  /// descriptor, no permission, a data-protected file while the device is
  /// locked, an I/O error.
  ///
  /// The file is not damaged: it stays where it is, and nothing is written
  /// over it until it has been read. It is read again by
  /// ``PersistentState/reload()`` and before each write; once it reads, its
  /// value replaces the state's, built on the default meanwhile.
  case notRead(PersistenceError)
  /// A newer version of the app saved the file; this one knows versions up
  /// to `known`.
  ///
  /// The file is kept as it is and never written over, so that the newer
  /// version, once back (a downgrade, then an upgrade), finds what it saved.
  /// The state starts from its default, and its changes are not saved.
  case newerVersion(found: Int, known: Int)

  /// What happened, in one sentence.
  public var description: String {
    switch self {
    case .noFile: "no saved state"
    case .restored(let version): "restored (saved by version \(version))"
    case .unreadable(let file): "\(file)"
    case .notRead(let error): "the file could not be read (\(error)); it is kept, and read again"
    case .newerVersion(let found, let known):
      "saved by a newer version (\(found)) than this app knows (\(known)); it is kept, "
        + "and not written over"
    }
  }
}

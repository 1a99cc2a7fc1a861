import FluxCorePersistence
import Foundation

/// A directory of the test's own, removed at the end.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-persistence-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // A state the test freed finishes its last write on its saver's queue:
    // removed under it, the write would fail (a line on standard error) or
    // leave a file behind, and the directory with it. Wait for those writes
    // first.
    let prefix = url.standardizedFileURL.path + "/"
    let closing = openStateFiles.withLock { files in
      files.compactMap { path, use -> (@Sendable () -> Bool)? in
        guard path.hasPrefix(prefix), case .closing(let waitUntilClosed) = use else { return nil }
        return waitUntilClosed
      }
    }
    for waitUntilClosed in closing { _ = waitUntilClosed() }
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String = "state.json") -> URL {
    url.appendingPathComponent(name)
  }

  /// The names in the directory, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

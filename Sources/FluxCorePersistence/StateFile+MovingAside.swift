#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StateFile {
  /// Moves the file beside itself, under a name no file has, that says why
  /// and when (in UTC): `state.json.unreadable-empty-20261123-093000`.
  ///
  /// Plain POSIX calls only: the time comes from `time` and `gmtime_r`,
  /// which need no descriptor and no time-zone data, so that this works,
  /// and cannot trap, when the process has no free descriptor.
  ///
  /// - Returns: Where it went, or why it could not be moved.
  func moveAside(because reason: UnreadableFile.Reason) -> Result<String, PersistenceError> {
    let base = "\(path).unreadable-\(reason.slug)-\(Self.timestamp())"
    for attempt in 0..<1_000 {
      let target = attempt == 0 ? base : "\(base)-\(attempt)"
      // A link never replaces a file that exists; then the old name goes.
      if link(path, target) == 0 {
        unlink(path)
        return .success(target)
      }
      let code = errno
      if code == EEXIST { continue }
      // No hard links here: rename, having checked the name is free.
      guard access(target, F_OK) != 0 else { continue }
      if rename(path, target) == 0 { return .success(target) }
      return .failure(.io("move the damaged file aside: rename", path))
    }
    return .failure(
      PersistenceError(
        kind: .io(errno: EEXIST), path: path,
        reason: "move the damaged file aside failed: every name is taken"))
  }

  /// The time now, in UTC, as `yyyyMMdd-HHmmss`.
  static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    guard gmtime_r(&now, &parts) != nil else { return "\(now)" }
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2)
      + "-" + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2)
  }
}

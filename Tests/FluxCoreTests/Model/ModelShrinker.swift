/// Shortens a failing operation list while it keeps failing (delta
/// debugging), so that a failure comes with a short reproduction.
///
/// Threads make some failures intermittent, so a candidate counts as failing
/// if any of `attempts` runs fails.
enum ModelShrinker {
  static func shrink(
    _ operations: [ModelOperation], attempts: Int = 3,
    fails: ([ModelOperation]) -> Bool
  ) -> [ModelOperation] {
    func failing(_ candidate: [ModelOperation]) -> Bool {
      (0..<attempts).contains { _ in fails(candidate) }
    }
    var current = operations
    var chunk = max(1, current.count / 2)
    while chunk >= 1 {
      var removedAny = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if !candidate.isEmpty, failing(candidate) {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }
}

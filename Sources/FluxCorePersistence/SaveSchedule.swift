/// When a ``PersistentState``'s next write is due, as time since the state
/// was created: once changes stop for the quiet period, at most `maxDelay`
/// after the first unsaved change, and, after a failed write, after a delay
/// that doubles with each failure.
struct SaveSchedule: Sendable {
  let quietPeriod: Duration
  let maxDelay: Duration
  /// When the quiet period after the latest change ends.
  private var quietUntil: Duration?
  /// When the first change not yet written was made.
  private var firstUnsaved: Duration?
  /// When a failed write is tried again.
  private var retryAt: Duration?
  /// How many writes in a row failed.
  private var failures = 0

  init(quietPeriod: Duration, maxDelay: Duration) {
    self.quietPeriod = max(.zero, quietPeriod.clampedToLongestWait)
    self.maxDelay = max(.zero, maxDelay.clampedToLongestWait)
  }

  /// The longest wait before a failed write is tried again: a minute.
  static let longestRetryDelay = Duration.seconds(60)

  /// The wait before trying again after `failures` failed writes in a row:
  /// 1 s, then 2, 4, … up to ``longestRetryDelay``.
  static func retryDelay(afterFailures failures: Int) -> Duration {
    min(.seconds(1 << min(max(failures - 1, 0), 6)), longestRetryDelay)
  }

  /// When the next write is due, if one is.
  var due: Duration? {
    [quietUntil, firstUnsaved.map { $0 + maxDelay }, retryAt].compactMap { $0 }.min()
  }

  /// Notes a change made at `now`.
  mutating func changed(at now: Duration) {
    quietUntil = max(quietUntil ?? .zero, now + quietPeriod)
    if firstUnsaved == nil { firstUnsaved = now }
  }

  /// Notes that a write of every change so far begins.
  mutating func writing() {
    quietUntil = nil
    firstUnsaved = nil
    retryAt = nil
  }

  /// Notes that the write failed at `now`: it is tried again later.
  mutating func failed(at now: Duration) {
    failures += 1
    retryAt = now + Self.retryDelay(afterFailures: failures)
  }

  /// Notes that the write succeeded.
  mutating func succeeded() {
    failures = 0
  }
}

/// Which values a handler on another queue or on the main actor receives
/// when several arrive before it runs.
///
/// Values that arrive while a hop to the queue is already pending join it,
/// so a burst costs one hop, whatever the mode:
///
/// ```swift
/// store.log.subscribeOnMainActor(receiving: .everyValue) { line in console.append(line) }
/// store.results.subscribeOnMainActor(receiving: .latestValue) { results in render(results) }
/// ```
public enum DeliveryMode: Sendable, Hashable {
  /// Every value, in order, nothing dropped: for events, where each one
  /// counts (a log line, a toast, a navigation).
  case everyValue
  /// Only the latest value of each burst: for state, where only the newest
  /// is worth drawing. The handler runs at most once per hop, and the final
  /// value always arrives.
  case latestValue
}

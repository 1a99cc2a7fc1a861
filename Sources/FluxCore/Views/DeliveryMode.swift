/// Which values a handler on another queue or on the main actor receives
/// when several arrive before it runs.
///
/// Values that arrive while a hop to the queue is already pending join it,
/// so a burst costs one hop, whatever the mode. Without a mode, a hop uses
/// the source's ``ObservableType/preferredDeliveryMode``: the latest value
/// for state, every value for events.
///
/// ```swift
/// store.log.observeOnMainActor(receiving: .everyValue) { line in console.append(line) }
/// store.results.observeOnMainActor(receiving: .latestValue) { results in render(results) }
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

extension DeliveryMode {
  /// The mode of a stream made from several: state only when all of them
  /// deliver state.
  @inlinable
  static func ofAll(_ modes: DeliveryMode...) -> DeliveryMode {
    ofAll(modes)
  }

  /// The mode of a stream made from several: state only when all of them
  /// deliver state.
  @inlinable
  static func ofAll(_ modes: [DeliveryMode]) -> DeliveryMode {
    modes.allSatisfy { $0 == .latestValue } ? .latestValue : .everyValue
  }
}

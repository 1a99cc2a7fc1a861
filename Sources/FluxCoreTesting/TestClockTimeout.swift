/// Thrown when a wait on a ``TestClock`` runs out of time:
/// ``TestClock/waitForSleepers(count:timeout:)`` or ``TestClock/run(timeout:)``.
public struct TestClockTimeout: Error, CustomStringConvertible {
  /// How long it waited, in real time.
  public let timeout: Duration
  /// How many tasks were sleeping on the clock then.
  public let sleeping: Int
  /// The failure in words.
  public let description: String
}

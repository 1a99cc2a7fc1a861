extension Duration {
  /// The longest time FluxCore waits for at once: 1,000 years (of 365
  /// days).
  ///
  /// A longer wait is a wait of this long. The concurrency runtime traps
  /// when a task sleeps until an instant whose seconds do not fit in 64
  /// bits (`.seconds(Int64.max)` from now, say), so every interval, delay
  /// and timeout a user passes is clamped to this before FluxCore sleeps
  /// for it: a wait meant as "never" then waits a thousand years instead
  /// of crashing the app.
  package static var longestWait: Duration { .seconds(31_536_000_000) }

  /// This duration, or ``longestWait`` if this is longer.
  package var clampedToLongestWait: Duration { min(self, .longestWait) }
}

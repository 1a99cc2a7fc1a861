extension Duration {
  /// The longest time FluxCore waits for at once: 100 years (of 365 days).
  ///
  /// A longer wait is a wait of this long. Two limits set it: the
  /// concurrency runtime traps when a task sleeps until an instant whose
  /// seconds do not fit in 64 bits (`.seconds(Int64.max)` from now, say),
  /// and on Linux a sleep more than about 146 years away (2⁶² nanoseconds)
  /// becomes a Dispatch timer that never fires and is never freed, even
  /// once the sleep is cancelled. So every interval, delay and timeout a
  /// user passes is clamped to this before FluxCore sleeps for it: a wait
  /// meant as "never" then waits a century instead of crashing the app or
  /// leaking.
  package static var longestWait: Duration { .seconds(3_153_600_000) }

  /// This duration, or ``longestWait`` if this is longer.
  package var clampedToLongestWait: Duration { min(self, .longestWait) }
}

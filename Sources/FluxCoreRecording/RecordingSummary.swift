/// What a recording holds and what it had to leave out: the last line of a
/// recording file, and what ``ActionRecording/stop()`` returns.
public struct RecordingSummary: Codable, Sendable, Equatable {
  /// How many actions were written: their lines reached the file whole.
  public var actions: Int
  /// How many actions were skipped, by subject label, because they cannot
  /// be replayed: their values cannot be encoded, or (in a recording of one
  /// dispatcher) their subject is not one the dispatcher holds in a stored
  /// property.
  public var skipped: [String: Int]
  /// How many actions were dropped: the buffer was full (the app sent them
  /// faster than they could be written, for longer than the buffer could
  /// absorb), or a write failed before their lines reached the file whole.
  public var dropped: Int
  /// How many states were left out of their lines because their JSON was
  /// larger than ``ActionRecording/largestState``.
  public var statesOmitted: Int
  /// The seconds from the start of the recording to its stop.
  public var duration: Double
  /// The first error writing the file met, in words, or `nil`.
  ///
  /// After it, nothing more was written.
  public var error: String?
  /// Where a line that a failed write tore begins, in bytes from the start
  /// of the file, if the file could not be cut back to its last whole
  /// line; `nil` when the file ends with a whole line (as it does unless
  /// cutting it failed too).
  ///
  /// ``ActionReplay`` plays the whole lines before it, and reports the
  /// torn one in ``ActionReplay/tornTail``.
  public var tornLineOffset: Int?

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - actions: How many actions were written.
  ///   - skipped: How many were skipped, by subject label.
  ///   - dropped: How many were dropped for want of room.
  ///   - statesOmitted: How many states were too large.
  ///   - duration: The recording's length in seconds.
  ///   - error: The first write error, if any.
  ///   - tornLineOffset: Where a torn line that could not be cut off begins.
  public init(
    actions: Int = 0, skipped: [String: Int] = [:], dropped: Int = 0, statesOmitted: Int = 0,
    duration: Double = 0, error: String? = nil, tornLineOffset: Int? = nil
  ) {
    self.actions = actions
    self.skipped = skipped
    self.dropped = dropped
    self.statesOmitted = statesOmitted
    self.duration = duration
    self.error = error
    self.tornLineOffset = tornLineOffset
  }

  /// Whether every action sent was written, with its state: nothing
  /// skipped, dropped or omitted, and no error.
  public var isComplete: Bool {
    skipped.isEmpty && dropped == 0 && statesOmitted == 0 && error == nil
  }
}

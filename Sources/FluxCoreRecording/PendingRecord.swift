/// An action handed from the dispatching thread to the writer, not yet
/// encoded.
struct PendingRecord: Sendable {
  let label: String
  let value: any Sendable
  /// Seconds since the recording started.
  let time: Double
  /// The state when the action was sent, before it was delivered: the state
  /// after the action before it.
  let stateBefore: (any Encodable & Sendable)?
}

/// An action handed from the dispatching thread to the writer, not yet
/// encoded.
///
/// Its subject's label is an index into the pipeline's table of labels, so
/// that the label string is not retained on one thread and released on the
/// other for every action (two threads touching one reference count make
/// each other wait).
struct PendingRecord: Sendable {
  /// The index of the subject's label in the pipeline's labels.
  let label: Int
  let value: any Sendable
  /// Seconds since the recording started.
  let time: Double
  /// The state when the action was sent, before it was delivered: the state
  /// after the action before it.
  let stateBefore: (any Encodable & Sendable)?
}

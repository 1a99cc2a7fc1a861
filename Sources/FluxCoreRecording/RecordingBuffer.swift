import FluxCore

/// What waits between the threads that dispatch and a recording's writer:
/// the actions not yet written, bounded in number and in bytes, and what
/// the dispatching threads need to know.
struct RecordingBuffer: Sendable {
  /// The most actions it holds.
  let capacity: Int
  /// The most bytes it holds, as the writer measures its lines.
  let byteBudget: Int
  var records: [PendingRecord] = []
  /// The labels of the subjects seen so far, and where each is.
  var labels: [String] = []
  private var labelIndices: [ObjectIdentifier: Int] = [:]
  /// The subject seen last and its label's index: most actions go to a
  /// few subjects, often the same one several times in a row.
  private var lastSubject: ObjectIdentifier?
  private var lastLabel = 0
  var isDraining = false
  var isStopped = false
  /// Whether writing failed: from then on, nothing is buffered.
  var hasFailed = false
  /// The actions left out here: the buffer was full, or writing had failed.
  var dropped = 0
  /// The bytes an action takes, as the writer last measured one (its line,
  /// with its state); 0 until it has.
  var bytesPerRecord = 0

  init(capacity: Int, byteBudget: Int) {
    self.capacity = capacity
    self.byteBudget = byteBudget
  }

  /// Whether one more action fits: in number, and in bytes (an empty
  /// buffer takes one action, however large).
  var hasRoom: Bool {
    records.count < capacity
      && (records.isEmpty || (records.count + 1) * bytesPerRecord <= byteBudget)
  }

  /// Notes that writing failed: drops what waits, and all that comes later.
  ///
  /// - Returns: The records dropped, to be freed outside the lock (their
  ///   states are the app's values, whose `deinit` is not to run under it).
  mutating func fail() -> [PendingRecord] {
    hasFailed = true
    dropped += records.count
    defer { records = [] }
    return records
  }

  /// The index of `record`'s label, adding it the first time its subject is
  /// seen. (The log names every record's subject; a record without one gets
  /// an entry of its own.)
  mutating func labelIndex(of record: DispatchRecord) -> Int {
    if let subject = record.subject {
      if subject == lastSubject { return lastLabel }
      lastSubject = subject
      if let index = labelIndices[subject] {
        lastLabel = index
        return index
      }
    }
    labels.append(record.label)
    if let subject = record.subject {
      labelIndices[subject] = labels.count - 1
      lastLabel = labels.count - 1
    }
    return labels.count - 1
  }
}

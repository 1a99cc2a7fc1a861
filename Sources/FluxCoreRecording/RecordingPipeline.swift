import Dispatch
import FluxCore

/// The hand-off between the threads that dispatch and the writer: a
/// bounded buffer, and a serial queue that drains it.
///
/// A dispatching thread only appends to the buffer, under a lock, and wakes
/// the queue if it is idle: one `async` per burst, never a wait. A full
/// buffer drops the record and counts it. Once stopped, nothing more is
/// accepted, and the writer finishes the file.
final class RecordingPipeline: Sendable {
  fileprivate struct Buffer: Sendable {
    var records: [PendingRecord] = []
    /// The labels of the subjects seen so far, and where each is.
    var labels: [String] = []
    var labelIndices: [ObjectIdentifier: Int] = [:]
    /// The subject seen last and its label's index: most actions go to a
    /// few subjects, often the same one several times in a row.
    var lastSubject: ObjectIdentifier?
    var lastLabel = 0
    var isDraining = false
    var isStopped = false
    var dropped = 0
  }

  let capacity: Int
  private let buffer = Lock(Buffer())
  /// Only the writer queue touches it (and `finish`, through the queue).
  private let writer: Lock<RecordingWriter>
  private let queue = DispatchQueue(label: "FluxCoreRecording.writer", qos: .utility)
  /// Set on `queue`, so that `finish` called from a closure the writer runs
  /// (a lines sink that stops its own recording) does not wait for itself.
  private let onQueue = DispatchSpecificKey<Bool>()

  init(sink: RecordingSink, capacity: Int) {
    self.capacity = capacity
    writer = Lock(RecordingWriter(sink: sink))
    buffer.withLock { $0.records.reserveCapacity(Swift.min(capacity, 4_096)) }
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Hands `record` over, with the time it was sent and the state before
  /// it; called on the dispatching thread.
  ///
  /// - Returns: `false` if the record was dropped (the buffer was full) or
  ///   refused (the recording has stopped).
  @discardableResult
  func submit(
    _ record: DispatchRecord, time: Double, stateBefore: (any Encodable & Sendable)?
  ) -> Bool {
    let (accepted, wake) = buffer.withLock { buffer -> (Bool, Bool) in
      guard !buffer.isStopped else { return (false, false) }
      guard buffer.records.count < capacity else {
        buffer.dropped += 1
        return (false, false)
      }
      buffer.records.append(
        PendingRecord(
          label: buffer.labelIndex(of: record), value: record.value, time: time,
          stateBefore: stateBefore))
      guard !buffer.isDraining else { return (true, false) }
      buffer.isDraining = true
      return (true, true)
    }
    if wake { queue.async { self.drain() } }
    return accepted
  }

  /// Writes what is buffered, until the buffer is empty; on the queue.
  private func drain() {
    var batch: [PendingRecord] = []
    while true {
      let labels = buffer.withLock { buffer in
        // The emptied batch becomes the buffer, keeping its capacity.
        swap(&batch, &buffer.records)
        if batch.isEmpty { buffer.isDraining = false }
        return buffer.labels
      }
      if batch.isEmpty { break }
      writer.withLock { writer in
        for record in batch { writer.take(record, labels: labels) }
        writer.flush()
      }
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// Accepts nothing more, then finishes the file on the queue.
  ///
  /// It writes what was accepted, the last action with `finalState`, and
  /// the summary, and closes the file. Waits for all that when `waiting`.
  ///
  /// - Returns: The summary, when waiting; `nil` otherwise.
  @discardableResult
  func finish(
    finalState: (any Encodable & Sendable)?, duration: Double, waiting: Bool
  ) -> RecordingSummary? {
    buffer.withLock { $0.isStopped = true }
    let work: @Sendable () -> RecordingSummary = { [self] in
      drain()
      let (dropped, labels) = buffer.withLock { ($0.dropped, $0.labels) }
      return writer.withLock { writer in
        writer.finish(
          finalState: finalState, duration: duration, dropped: dropped, labels: labels)
        return writer.summary
      }
    }
    guard waiting else {
      queue.async { _ = work() }
      return nil
    }
    if DispatchQueue.getSpecific(key: onQueue) == true {
      // Called by the writer itself, from a lines sink: finish after it.
      queue.async { _ = work() }
      return summary
    }
    return queue.sync(execute: work)
  }

  /// What has been written and left out so far.
  var summary: RecordingSummary {
    let dropped = buffer.withLock { $0.dropped }
    var summary = writer.withLock { $0.summary }
    summary.dropped = dropped
    return summary
  }
}

extension RecordingPipeline.Buffer {
  /// The index of `record`'s label, adding it the first time its subject is
  /// seen. (The log names every record's subject; a record without one gets
  /// an entry of its own.)
  fileprivate mutating func labelIndex(of record: DispatchRecord) -> Int {
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

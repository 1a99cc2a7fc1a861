import Dispatch
import FluxCore

/// The hand-off between the threads that dispatch and the writer: a
/// bounded buffer, and a serial queue that drains it.
///
/// A dispatching thread only appends to the buffer, under a lock, and wakes
/// the queue if it is idle: one `async` per burst, never a wait. A full
/// buffer (in actions, or in bytes) drops the record and counts it; so does
/// a recording whose writing failed. Once stopped, nothing more is accepted,
/// and the writer finishes the file.
///
/// The counts are published under a lock of their own, after each batch:
/// reading them never waits for the writer.
final class RecordingPipeline: Sendable {
  private let buffer: Lock<RecordingBuffer>
  /// The writer, which only the writer queue touches.
  ///
  /// (And `finish`, through the queue.) It takes the buffer's lock inside
  /// its own, never the other way round.
  private let writer: Lock<RecordingWriter>
  /// What the writer has written and left out, as of its latest batch.
  private let counts = Lock(RecordingSummary())
  private let queue = DispatchQueue(label: "FluxCoreRecording.writer", qos: .utility)
  /// Set on `queue`, so that `finish` called from a closure the writer runs
  /// (a lines sink that stops its own recording) does not wait for itself.
  private let onQueue = DispatchSpecificKey<Bool>()

  /// A pipeline to `sink`, bounded by `capacity` actions and `byteBudget`
  /// bytes, counting each action at `bytesPerRecord` until the writer has
  /// measured one.
  init(sink: RecordingSink, capacity: Int, byteBudget: Int, bytesPerRecord: Int = 0) {
    var bounds = RecordingBuffer(capacity: capacity, byteBudget: byteBudget)
    bounds.bytesPerRecord = bytesPerRecord
    let buffer = Lock(bounds)
    self.buffer = buffer
    writer = Lock(
      RecordingWriter(sink: sink) { bytes in buffer.withLock { $0.bytesPerRecord = bytes } })
    buffer.withLock { $0.records.reserveCapacity(Swift.min(capacity, 4_096)) }
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Hands `record` over, with the time it was sent and the state before
  /// it; called on the dispatching thread.
  ///
  /// - Returns: `false` if the record was dropped (the buffer was full, or
  ///   writing failed) or refused (the recording has stopped).
  @discardableResult
  func submit(
    _ record: DispatchRecord, time: Double, stateBefore: (any Encodable & Sendable)?
  ) -> Bool {
    let (accepted, wake) = buffer.withLock { buffer -> (Bool, Bool) in
      guard !buffer.isStopped else { return (false, false) }
      guard !buffer.hasFailed, buffer.hasRoom else {
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
      let (summary, hasFailed) = writer.withLock { writer in
        for record in batch { writer.take(record, labels: labels) }
        writer.flush()
        return (writer.summary, writer.hasFailed)
      }
      counts.withLock { $0 = summary }
      if hasFailed {
        let dropped = buffer.withLock { $0.fail() }
        withExtendedLifetime(dropped) {}  // freed here, outside the lock
      }
      batch.removeAll(keepingCapacity: !hasFailed)
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
      let summary = writer.withLock { writer in
        writer.finish(
          finalState: finalState, duration: duration, droppedBefore: dropped, labels: labels)
        return writer.summary
      }
      counts.withLock { $0 = summary }
      return self.summary
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

  /// What has been written and left out so far, without waiting for the
  /// writer.
  var summary: RecordingSummary {
    var summary = counts.withLock { $0 }
    summary.dropped += buffer.withLock { $0.dropped }
    return summary
  }
}

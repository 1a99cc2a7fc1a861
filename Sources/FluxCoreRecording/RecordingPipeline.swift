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
  private struct Buffer: Sendable {
    var records: [PendingRecord] = []
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
    queue.setSpecific(key: onQueue, value: true)
  }

  /// Hands `record` over; called on the dispatching thread.
  ///
  /// - Returns: `false` if the record was dropped (the buffer was full) or
  ///   refused (the recording has stopped).
  @discardableResult
  func submit(_ record: PendingRecord) -> Bool {
    let (accepted, wake) = buffer.withLock { buffer -> (Bool, Bool) in
      guard !buffer.isStopped else { return (false, false) }
      guard buffer.records.count < capacity else {
        buffer.dropped += 1
        return (false, false)
      }
      buffer.records.append(record)
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
      buffer.withLock { buffer in
        // The emptied batch becomes the buffer, keeping its capacity.
        swap(&batch, &buffer.records)
        if batch.isEmpty { buffer.isDraining = false }
      }
      if batch.isEmpty { break }
      writer.withLock { writer in
        for record in batch { writer.take(record) }
        writer.flush()
      }
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// Accepts nothing more, then, on the queue, writes what was accepted,
  /// the last action with `finalState`, and the summary, and closes the
  /// file. Waits for all that when `waiting`.
  ///
  /// - Returns: The summary, when waiting; `nil` otherwise.
  @discardableResult
  func finish(
    finalState: (any Encodable & Sendable)?, duration: Double, waiting: Bool
  ) -> RecordingSummary? {
    buffer.withLock { $0.isStopped = true }
    let work: @Sendable () -> RecordingSummary = { [self] in
      drain()
      let dropped = buffer.withLock { $0.dropped }
      return writer.withLock { writer in
        writer.finish(finalState: finalState, duration: duration, dropped: dropped)
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

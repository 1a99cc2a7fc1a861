import FluxCore
import Foundation

/// Records the actions sent through dispatcher views, as JSON Lines: one
/// action a line, with its subject's label, the time since the recording
/// started, its value, and, if you ask for it, the app's state after it.
///
/// ```swift
/// let recording = try ActionRecording.start(dispatcher, writingTo: sessionURL) {
///   store.results.value  // any Encodable snapshot: the state after each action
/// }
/// // … the user reproduces the bug …
/// let summary = recording.stop()  // flushed and closed; what was left out, if anything
/// ```
///
/// It observes `DispatchLog`, so it sees every action an action creator
/// sends through an `AnyObserverDispatcher`, from any thread, whenever the
/// view or the `AnyObserver` taken from it was obtained, and nothing sent to
/// a subject directly. A value whose type is not `Codable` (or that fails to
/// encode) is skipped and counted in ``RecordingSummary/skipped``, not
/// silently lost. ``ActionReplay`` plays a recording back, and
/// ``RecordingInspector`` turns it into a page you can look at.
///
/// > Important: Recording cannot hurt the app. The thread that dispatches
/// > pays for a clock reading, the state snapshot if you gave one, and a
/// > hand-off to a buffer bounded in actions and in bytes; encoding and file
/// > I/O happen on a queue of the recording's own. If the buffer ever fills
/// > (the app sends actions faster than they can be written, for longer
/// > than the buffer absorbs), the actions that do not fit are dropped and
/// > counted, and nothing blocks. No write error traps: the first one is
/// > kept and reported by ``stop()``; after it nothing more is buffered or
/// > written, and every later action is dropped and counted. The counts
/// > (``summary``, ``recordedCount``) say only what reached the file, and
/// > reading them never waits for the writer. A recording that is never
/// > stopped finishes its file when it is freed.
public final class ActionRecording: Sendable {
  /// The number of actions the buffer holds by default: 131,072, enough for
  /// 100,000 actions sent as fast as a thread can send them.
  public static var defaultBufferCapacity: Int { 1 << 17 }
  /// The number of bytes the buffer holds by default: 32 MiB.
  ///
  /// Actions are held before they are encoded, so their bytes are those of
  /// the lines the writer encoded last: an action whose line (with its
  /// state) took 2 KB counts 2 KB, and so does one whose state was too large
  /// to carry (see ``largestState``): it counts at its real size. Until the
  /// writer has encoded one, each action counts as much as the state did
  /// when the recording started (the recording encodes it once then, to
  /// measure it).
  public static var defaultBufferBytes: Int { 32 << 20 }
  /// The largest state, in bytes of JSON, that a line carries: 1 MiB.
  ///
  /// A larger state is left out of its line and counted in
  /// ``RecordingSummary/statesOmitted``; it still counts against the
  /// buffer's bytes at its real size, and is encoded once, as every state
  /// is, to measure it.
  public static var largestState: Int { 1 << 20 }

  private let pipeline: RecordingPipeline
  /// When the recording started, in `DispatchTime` nanoseconds: a clock
  /// that reads in a few tens of nanoseconds (`ContinuousClock.now` takes
  /// three times as long on Linux), since every action reads it.
  private let startTime: UInt64
  private let readState: (@Sendable () -> any Encodable & Sendable)?
  private let observation: any Disposable
  /// The summary, once stopped.
  private let stopped = Lock<RecordingSummary?>(nil)
  /// Held while stopping, so that a second `stop()` waits for the first
  /// one's summary; reading the counts meanwhile does not wait.
  private let stopping = Lock(())

  /// A recording to `sink`, of the actions `observe` sees.
  init(
    sink: RecordingSink, bufferCapacity: Int, bufferBytes: Int,
    state readState: (@Sendable () -> any Encodable & Sendable)?,
    observe: (@escaping @Sendable (DispatchRecord) -> Void) -> any Disposable
  ) {
    // The state now, measured once, so that the buffer counts actions at
    // their real size from the first one, before the writer has measured
    // a line: a burst of large states is bounded from the start.
    let stateBytes = readState.map { read in
      (try? JSONEncoder().encode(EncodableBox(read())))?.count ?? 0
    }
    let pipeline = RecordingPipeline(
      sink: sink, capacity: Swift.max(1, bufferCapacity), byteBudget: Swift.max(0, bufferBytes),
      bytesPerRecord: stateBytes ?? 0)
    let startTime = DispatchTime.now().uptimeNanoseconds
    self.pipeline = pipeline
    self.startTime = startTime
    self.readState = readState
    // Captures the pipeline, not the recording, so that a recording nobody
    // keeps is freed (and finishes its file).
    observation = observe { record in
      pipeline.submit(
        record, time: seconds(since: startTime), stateBefore: readState?())
    }
  }

  deinit {
    guard stopped.withLock({ $0 }) == nil else { return }
    observation.dispose()
    pipeline.finish(finalState: readState?(), duration: elapsed, waiting: false)
  }

  /// What has been written and left out so far; after ``stop()``, the
  /// recording's final summary.
  ///
  /// It counts an action as written once its line reached the file. Reading
  /// it never waits for the writer: it gives the counts as of the writer's
  /// latest batch.
  public var summary: RecordingSummary {
    stopped.withLock { $0 } ?? pipeline.summary
  }

  /// How many actions have been written: their lines reached the file.
  public var recordedCount: Int { summary.actions }

  /// How many actions were skipped, by subject label, because their values
  /// cannot be encoded and decoded.
  public var skipped: [String: Int] { summary.skipped }

  /// Stops recording: accepts no more actions, waits until those already
  /// handed over are written, writes the summary line, flushes and closes
  /// the file.
  ///
  /// Every action whose `dispatch` returned before `stop()` was called is in
  /// the recording (unless the buffer was full, or a write failed, counted
  /// in ``RecordingSummary/dropped``), and after `stop()` returns nothing
  /// more is written. Stopping twice returns the same summary.
  ///
  /// - Returns: What was recorded and left out, and the first write error,
  ///   if any.
  @discardableResult
  public func stop() -> RecordingSummary {
    stopping.withLock { _ in
      if let summary = stopped.withLock({ $0 }) { return summary }
      observation.dispose()
      let summary =
        pipeline.finish(finalState: readState?(), duration: elapsed, waiting: true)
        ?? pipeline.summary
      stopped.withLock { $0 = summary }
      return summary
    }
  }

  private var elapsed: Double {
    seconds(since: startTime)
  }
}

/// The seconds from `start` (`DispatchTime` nanoseconds) to now.
private func seconds(since start: UInt64) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
}

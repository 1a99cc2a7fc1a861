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
/// > hand-off to a bounded buffer; encoding and file I/O happen on a queue of
/// > the recording's own. If the buffer ever fills (the app sends actions
/// > faster than they can be written, for longer than the buffer absorbs),
/// > the actions that do not fit are dropped and counted, and nothing
/// > blocks. No write error traps: the first one is kept and reported by
/// > ``stop()``, and nothing more is written after it. A recording that is
/// > never stopped finishes its file when it is freed.
public final class ActionRecording: Sendable {
  /// The number of actions the buffer holds by default: 131,072, enough for
  /// 100,000 actions sent as fast as a thread can send them.
  public static var defaultBufferCapacity: Int { 1 << 17 }
  /// The largest state, in bytes of JSON, that a line carries: 1 MiB.
  ///
  /// A larger state is left out of its line and counted in
  /// ``RecordingSummary/statesOmitted``.
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

  private init(
    sink: RecordingSink, bufferCapacity: Int,
    state readState: (@Sendable () -> any Encodable & Sendable)?,
    observe: (@escaping @Sendable (DispatchRecord) -> Void) -> any Disposable
  ) {
    let pipeline = RecordingPipeline(sink: sink, capacity: Swift.max(1, bufferCapacity))
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

  /// Starts recording every action sent through any dispatcher view into
  /// the file at `url`, replacing what it held.
  ///
  /// - Parameters:
  ///   - url: Where to write the recording: a file (not a pipe).
  ///   - bufferCapacity: How many actions may wait to be written.
  /// - Returns: The recording; ``stop()`` ends it.
  /// - Throws: A ``RecordingError`` if the file cannot be opened for writing.
  public static func start(
    writingTo url: URL, bufferCapacity: Int = defaultBufferCapacity
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, state: nil,
      observe: DispatchLog.observe)
  }

  /// Starts recording the actions sent through views of `dispatcher` into
  /// the file at `url`, replacing what it held, each with the state
  /// `state` returns after it.
  ///
  /// `state` runs on the thread that sends each action, just before the
  /// action is delivered (it gives the state after the action before), and
  /// once more when the recording stops: keep it to copying a few values.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to record.
  ///   - url: Where to write the recording: a file (not a pipe).
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - state: Returns the state to record, or `nil` not to record one.
  /// - Returns: The recording; ``stop()`` ends it.
  /// - Throws: A ``RecordingError`` if the file cannot be opened for writing.
  public static func start<Dispatcher: DispatcherType, State: Encodable & Sendable>(
    _ dispatcher: Dispatcher, writingTo url: URL,
    bufferCapacity: Int = defaultBufferCapacity,
    state: (@Sendable () -> State)? = nil
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, state: state.map(erase),
      observe: { DispatchLog.observe(dispatcher, $0) })
  }

  /// Starts recording every action sent through any dispatcher view,
  /// handing each line (without its newline) to `writeLine`, in order, on
  /// the recording's own queue.
  ///
  /// - Parameters:
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start(
    bufferCapacity: Int = defaultBufferCapacity,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, state: nil,
      observe: DispatchLog.observe)
  }

  /// Starts recording the actions sent through views of `dispatcher`, each
  /// with the state `state` returns after it, handing each line (without
  /// its newline) to `writeLine`, in order, on the recording's own queue.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to record.
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - state: Returns the state to record, or `nil` not to record one;
  ///     see ``start(_:writingTo:bufferCapacity:state:)``.
  ///   - writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start<Dispatcher: DispatcherType, State: Encodable & Sendable>(
    _ dispatcher: Dispatcher,
    bufferCapacity: Int = defaultBufferCapacity,
    state: (@Sendable () -> State)? = nil,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, state: state.map(erase),
      observe: { DispatchLog.observe(dispatcher, $0) })
  }

  /// What has been written and left out so far; after ``stop()``, the
  /// recording's final summary.
  public var summary: RecordingSummary {
    stopped.withLock { $0 } ?? pipeline.summary
  }

  /// How many actions have been written.
  public var recordedCount: Int { summary.actions }

  /// How many actions were skipped, by subject label, because their values
  /// cannot be encoded and decoded.
  public var skipped: [String: Int] { summary.skipped }

  /// Stops recording: accepts no more actions, waits until those already
  /// handed over are written, writes the summary line, flushes and closes
  /// the file.
  ///
  /// Every action whose `dispatch` returned before `stop()` was called is in
  /// the recording (unless the buffer was full, counted in
  /// ``RecordingSummary/dropped``), and after `stop()` returns nothing more
  /// is written. Stopping twice returns the same summary.
  ///
  /// - Returns: What was recorded and left out, and the first write error,
  ///   if any.
  @discardableResult
  public func stop() -> RecordingSummary {
    stopped.withLock { stopped in
      if let stopped { return stopped }
      observation.dispose()
      let summary =
        pipeline.finish(finalState: readState?(), duration: elapsed, waiting: true)
        ?? pipeline.summary
      stopped = summary
      return summary
    }
  }

  private var elapsed: Double {
    seconds(since: startTime)
  }
}

/// `state` as a closure that returns an existential, for the pipeline.
private func erase<State: Encodable & Sendable>(
  _ state: @escaping @Sendable () -> State
) -> @Sendable () -> any Encodable & Sendable {
  { state() }
}

/// The seconds from `start` (`DispatchTime` nanoseconds) to now.
private func seconds(since start: UInt64) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
}

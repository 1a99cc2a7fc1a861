import FluxCore
import Foundation

extension ActionRecording {
  /// Starts recording every action sent through any dispatcher view into
  /// the file at `url`, replacing what it held.
  ///
  /// - Parameters:
  ///   - url: Where to write the recording: a file (not a pipe).
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  /// - Returns: The recording; ``stop()`` ends it.
  /// - Throws: A ``RecordingError`` if the file cannot be opened for writing.
  public static func start(
    writingTo url: URL, bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: nil,
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
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  ///   - state: Returns the state to record, or `nil` not to record one.
  /// - Returns: The recording; ``stop()`` ends it.
  /// - Throws: A ``RecordingError`` if the file cannot be opened for writing.
  public static func start<Dispatcher: DispatcherType, State: Encodable & Sendable>(
    _ dispatcher: Dispatcher, writingTo url: URL,
    bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes,
    state: (@Sendable () -> State)? = nil
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: state.map(erase),
      observe: { DispatchLog.observe(dispatcher, $0) })
  }

  /// Starts recording every action sent through any dispatcher view,
  /// handing each line (without its newline) to `writeLine`, in order, on
  /// the recording's own queue.
  ///
  /// - Parameters:
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  ///   - writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start(
    bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes, state: nil,
      observe: DispatchLog.observe)
  }

  /// Starts recording the actions sent through views of `dispatcher`, each
  /// with the state `state` returns after it, handing each line (without
  /// its newline) to `writeLine`, in order, on the recording's own queue.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to record.
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  ///   - state: Returns the state to record, or `nil` not to record one;
  ///     see ``start(_:writingTo:bufferCapacity:bufferBytes:state:)``.
  ///   - writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start<Dispatcher: DispatcherType, State: Encodable & Sendable>(
    _ dispatcher: Dispatcher,
    bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes,
    state: (@Sendable () -> State)? = nil,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: state.map(erase),
      observe: { DispatchLog.observe(dispatcher, $0) })
  }
}

/// `state` as a closure that returns an existential, for the pipeline.
private func erase<State: Encodable & Sendable>(
  _ state: @escaping @Sendable () -> State
) -> @Sendable () -> any Encodable & Sendable {
  { state() }
}

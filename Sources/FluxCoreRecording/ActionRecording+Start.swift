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
  /// the file at `url`, replacing what it held, without the state.
  ///
  /// ```swift
  /// let recording = try ActionRecording.start(SearchDispatcher.shared, writingTo: sessionURL)
  /// ```
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to record: those sent to
  ///     the subjects it holds in stored properties, its superclasses'
  ///     included. An action sent through its view to a subject that no
  ///     stored property holds is counted in ``RecordingSummary/skipped``.
  ///   - url: Where to write the recording: a file (not a pipe).
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  /// - Returns: The recording; ``stop()`` ends it.
  /// - Throws: A ``RecordingError`` if the file cannot be opened for writing.
  public static func start<Dispatcher: DispatcherType>(
    _ dispatcher: Dispatcher, writingTo url: URL,
    bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: nil, observe: scoped(to: dispatcher))
  }

  /// Starts recording the actions sent through views of `dispatcher` into
  /// the file at `url`, replacing what it held, each with the state
  /// `state` returns after it.
  ///
  /// `state` runs on the thread that sends each action, just before the
  /// action is delivered (it gives the state after the action before), and
  /// once more when the recording starts (to measure it) and when it stops:
  /// keep it to copying a few values.
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
    state: (@Sendable () -> State)?
  ) throws(RecordingError) -> ActionRecording {
    ActionRecording(
      sink: try .file(at: url), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: state.map(erase), observe: scoped(to: dispatcher))
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

  /// Starts recording the actions sent through views of `dispatcher`,
  /// without the state, handing each line (without its newline) to
  /// `writeLine`, in order, on the recording's own queue.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher whose actions to record; see
  ///     ``start(_:writingTo:bufferCapacity:bufferBytes:)``.
  ///   - bufferCapacity: How many actions may wait to be written.
  ///   - bufferBytes: How many bytes they may take; see
  ///     ``defaultBufferBytes``.
  ///   - writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start<Dispatcher: DispatcherType>(
    _ dispatcher: Dispatcher,
    bufferCapacity: Int = defaultBufferCapacity,
    bufferBytes: Int = defaultBufferBytes,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: nil, observe: scoped(to: dispatcher))
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
    state: (@Sendable () -> State)?,
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    ActionRecording(
      sink: .lines(writeLine), bufferCapacity: bufferCapacity, bufferBytes: bufferBytes,
      state: state.map(erase), observe: scoped(to: dispatcher))
  }
}

/// How a recording scoped to `dispatcher` observes the log: every action
/// sent through its views, and, for one whose subject no stored property of
/// the dispatcher holds (a replay could not find it), a value that cannot
/// be encoded, so that the writer counts it as skipped under its label
/// rather than the action being lost without a word.
private func scoped<Dispatcher: DispatcherType>(
  to dispatcher: Dispatcher
) -> (@escaping @Sendable (DispatchRecord) -> Void) -> any Disposable {
  let subjects = DispatchLog.subjects(of: dispatcher)
  return { submit in
    DispatchLog.observe(dispatcher) { record in
      guard let subject = record.subject, !subjects.contains(subject) else { return submit(record) }
      submit(
        DispatchRecord(label: record.label, value: Unattributed(), subject: record.subject))
    }
  }
}

/// What a scoped recording writes for an action it cannot attribute to a
/// subject of its dispatcher: not `Codable`, so it is skipped and counted.
private struct Unattributed: Sendable {}

/// `state` as a closure that returns an existential, for the pipeline.
private func erase<State: Encodable & Sendable>(
  _ state: @escaping @Sendable () -> State
) -> @Sendable () -> any Encodable & Sendable {
  { state() }
}

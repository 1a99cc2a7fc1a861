import Foundation

/// Encodes and writes a recording's lines, in order, off the dispatching
/// threads; only the recording's writer queue uses it.
///
/// Each action waits here for the next one, which brings the state after
/// it; the last one gets the state taken when the recording stops. Its
/// summary counts an action as written once its line reached the file (for
/// a lines sink, once the closure took it). After the first write error,
/// nothing more is encoded or kept: every later action is dropped and
/// counted, and the error is kept for ``RecordingSummary/error``.
struct RecordingWriter: Sendable {
  private let sink: RecordingSink
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  /// Encoded lines not yet written to the file.
  private var buffered: [UInt8] = []
  /// The bytes of whole lines in the file.
  private var fileBytes = 0
  /// How many actions' lines `buffered` holds.
  private var bufferedActions = 0
  /// The last action, waiting for the state after it.
  private var waiting: PendingRecord?
  /// What reached the file, and what was left out here (`dropped` counts
  /// the actions lost to a write error).
  private(set) var summary = RecordingSummary()
  /// Told the bytes of an action's line, with its state, when they differ
  /// by a quarter or more from those it was told last.
  private let measured: @Sendable (Int) -> Void
  private var lastMeasured = 0
  private var isClosed = false

  /// The most bytes kept before they are written.
  private static let bufferSize = 64 << 10

  /// Creates a writer to `sink` that tells `measured` what an action's
  /// line takes, as that changes.
  init(sink: RecordingSink, measured: @escaping @Sendable (Int) -> Void) {
    self.sink = sink
    self.measured = measured
  }

  /// Whether a write failed: nothing more is written.
  var hasFailed: Bool { summary.error != nil }

  /// Takes the next action: writes the one before it, with its state.
  ///
  /// - Parameters:
  ///   - record: The action.
  ///   - labels: The pipeline's labels, which the action's label indexes.
  mutating func take(_ record: PendingRecord, labels: [String]) {
    if let waiting { write(waiting, labels: labels, stateAfter: record.stateBefore) }
    waiting = record
  }

  /// Writes what is buffered to the file.
  ///
  /// A write that fails part-way (a full disk) leaves the file ending at the
  /// last whole line: a line it tore is cut off again, and the actions
  /// whose lines reached the file whole are counted as written, the others
  /// as dropped. If the file cannot be cut, ``RecordingSummary/tornLineOffset``
  /// says where the torn line begins.
  mutating func flush() {
    guard !buffered.isEmpty else { return }
    let (written, error) = sink.write(buffered)
    if let error {
      summary.error = "\(error)"
      let whole = buffered[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      let lines = buffered[..<whole].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      // The lines are the actions', then, at the end, the summary's.
      let reached = Swift.min(lines, bufferedActions)
      summary.actions += reached
      summary.dropped += bufferedActions - reached
      if whole < written, sink.truncate(to: fileBytes + whole) != nil {
        summary.tornLineOffset = fileBytes + whole
      }
      fileBytes += whole
      buffered = []  // what could not be written is not kept
    } else {
      summary.actions += bufferedActions
      fileBytes += written
      buffered.removeAll(keepingCapacity: true)
    }
    bufferedActions = 0
  }

  /// Writes the last action with `finalState`, then the summary line, and
  /// closes the file; does nothing the second time.
  ///
  /// - Parameters:
  ///   - finalState: The state after the last action.
  ///   - duration: The recording's length in seconds.
  ///   - droppedBefore: The actions the pipeline left out, for the summary
  ///     line.
  ///   - labels: The pipeline's labels.
  mutating func finish(
    finalState: (any Encodable & Sendable)?, duration: Double, droppedBefore: Int,
    labels: [String]
  ) {
    guard !isClosed else { return }
    isClosed = true
    if let waiting { write(waiting, labels: labels, stateAfter: finalState) }
    waiting = nil
    summary.duration = duration
    // The summary line says what the file holds once it is written: the
    // lines before it, still buffered, go with it.
    var line = summary
    line.actions += bufferedActions
    line.dropped += droppedBefore
    if !hasFailed, let encoded = try? encoder.encode(SummaryLine(summary: line)) { emit(encoded) }
    flush()
    if let error = sink.close(), summary.error == nil { summary.error = "\(error)" }
  }

  private mutating func write(
    _ record: PendingRecord, labels: [String], stateAfter: (any Encodable & Sendable)?
  ) {
    guard !hasFailed else {
      summary.dropped += 1
      return
    }
    let label = labels[record.label]
    guard let line = encodedLine(record, label: label) else {
      summary.skipped[label, default: 0] += 1
      return
    }
    let (state, stateBytes) = stateAfter.map { encodedState($0) } ?? (nil, 0)
    // A state too large to carry counts all the same: the buffer held it.
    let lineBytes = line.count + stateBytes
    if lineBytes * 4 > lastMeasured * 5 || lineBytes * 4 < lastMeasured * 3 {
      lastMeasured = lineBytes
      measured(lineBytes)
    }
    emit(line, state: state)
    if case .lines = sink { summary.actions += 1 } else { bufferedActions += 1 }
    if buffered.count >= Self.bufferSize { flush() }
  }

  /// The line for `record`, without a state, or `nil` if its value cannot
  /// be recorded (it must be `Codable`, to be replayed).
  private func encodedLine(_ record: PendingRecord, label: String) -> Data? {
    guard let value = record.value as? any Codable else { return nil }
    func encode<Value: Encodable>(_ value: Value) -> Data? {
      try? encoder.encode(RecordedLine(label: label, time: record.time, value: value))
    }
    return encode(value)
  }

  /// The JSON of `state` and its size in bytes.
  ///
  /// The JSON is `nil` (and counted) if it cannot be encoded or is larger
  /// than ``ActionRecording/largestState``; the size is the real one,
  /// whether the JSON is kept or not. Each state is encoded once, here.
  private mutating func encodedState(_ state: any Encodable & Sendable) -> (Data?, Int) {
    guard let data = try? encoder.encode(EncodableBox(state)) else {
      summary.statesOmitted += 1
      return (nil, 0)
    }
    guard data.count <= ActionRecording.largestState else {
      summary.statesOmitted += 1
      return (nil, data.count)
    }
    return (data, data.count)
  }

  /// Adds `line` (a JSON object), with `"state"` spliced in if there is
  /// one, and a newline.
  private mutating func emit(_ line: Data, state: Data? = nil) {
    if case .lines(let take) = sink {
      var text = String(decoding: line, as: UTF8.self)
      if let state {
        text.removeLast()
        text += #","state":"# + String(decoding: state, as: UTF8.self) + "}"
      }
      take(text)
      return
    }
    if let state {
      buffered.append(contentsOf: line.dropLast())
      buffered.append(contentsOf: #","state":"#.utf8)
      buffered.append(contentsOf: state)
      buffered.append(UInt8(ascii: "}"))
    } else {
      buffered.append(contentsOf: line)
    }
    buffered.append(UInt8(ascii: "\n"))
  }
}

/// Encodes any value as itself, so that a value of an existential type can
/// be encoded.
struct EncodableBox: Encodable {
  let base: any Encodable

  init(_ base: any Encodable) {
    self.base = base
  }

  func encode(to encoder: any Encoder) throws {
    try base.encode(to: encoder)
  }
}

import Foundation

/// Encodes and writes a recording's lines, in order, off the dispatching
/// threads; only the recording's writer queue uses it.
///
/// Each action waits here for the next one, which brings the state after
/// it; the last one gets the state taken when the recording stops. After the
/// first write error, nothing more is written: the error is kept for
/// ``RecordingSummary/error``.
struct RecordingWriter: Sendable {
  private let sink: RecordingSink
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  /// Encoded lines not yet written to the file.
  private var buffered: [UInt8] = []
  /// The last action, waiting for the state after it.
  private var waiting: PendingRecord?
  private(set) var summary = RecordingSummary()
  private var isClosed = false

  /// The most bytes kept before they are written.
  private static let bufferSize = 64 << 10

  init(sink: RecordingSink) {
    self.sink = sink
  }

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
  mutating func flush() {
    guard summary.error == nil, !buffered.isEmpty else { return }
    if let error = sink.write(buffered) { summary.error = "\(error)" }
    buffered.removeAll(keepingCapacity: true)
  }

  /// Writes the last action with `finalState`, then the summary line, and
  /// closes the file; does nothing the second time.
  mutating func finish(
    finalState: (any Encodable & Sendable)?, duration: Double, dropped: Int, labels: [String]
  ) {
    guard !isClosed else { return }
    isClosed = true
    if let waiting { write(waiting, labels: labels, stateAfter: finalState) }
    waiting = nil
    summary.duration = duration
    summary.dropped = dropped
    if let line = try? encoder.encode(SummaryLine(summary: summary)) { emit(line) }
    flush()
    if let error = sink.close(), summary.error == nil { summary.error = "\(error)" }
  }

  private mutating func write(
    _ record: PendingRecord, labels: [String], stateAfter: (any Encodable & Sendable)?
  ) {
    let label = labels[record.label]
    guard let line = encodedLine(record, label: label) else {
      summary.skipped[label, default: 0] += 1
      return
    }
    emit(line, state: stateAfter.flatMap { encodedState($0) })
    summary.actions += 1
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

  /// The JSON of `state`, or `nil` (counted) if it cannot be encoded or is
  /// larger than ``ActionRecording/largestState``.
  private mutating func encodedState(_ state: any Encodable & Sendable) -> Data? {
    guard let data = try? encoder.encode(EncodableBox(state)),
      data.count <= ActionRecording.largestState
    else {
      summary.statesOmitted += 1
      return nil
    }
    return data
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
    if buffered.count >= Self.bufferSize { flush() }
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

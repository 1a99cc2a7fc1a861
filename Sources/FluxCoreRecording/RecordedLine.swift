/// One line of a recording: which subject, when, what value, and, if the
/// recording carries it, the state after the action.
///
/// `{"label":"SearchDispatcher.request","time":0.312,"value":{…},"state":{…}}`:
/// the subject's label as `DispatchLog` gives it, the seconds since the
/// recording started, the value as the subject's element type encodes it,
/// and the app's state once the action was delivered (taken when the next
/// action was sent, or when the recording stopped).
struct RecordedLine<Value: Encodable>: Encodable {
  let label: String
  let time: Double
  let value: Value
}

/// The part of a line that does not depend on the value's type, read first
/// to find the subject that decodes the rest.
struct RecordedLineHeader: Decodable {
  let label: String
  let time: Double
}

/// The value part of a line, decoded once the subject, and so the type, is
/// known.
struct RecordedValue<Value: Decodable>: Decodable {
  let value: Value
}

/// The last line of a recording that was stopped:
/// `{"summary":{"actions":12,"dropped":0,…}}`.
struct SummaryLine: Codable {
  let summary: RecordingSummary
}

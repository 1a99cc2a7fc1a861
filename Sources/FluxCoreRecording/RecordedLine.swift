/// One line of a recording: which subject, when, and what value.
///
/// `{"label":"SearchDispatcher.request","time":0.312,"value":{…}}`: the
/// subject's label as `DispatchLog` gives it, the seconds since the
/// recording started, and the value as the subject's element type encodes it.
struct RecordedLine<Value>: Codable where Value: Codable {
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

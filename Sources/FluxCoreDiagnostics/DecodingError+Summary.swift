extension DecodingError {
  /// What went wrong, in a few words, without Foundation's debug text.
  package var summary: String {
    func path(_ context: Context) -> String {
      let path = context.codingPath.map(\.stringValue).filter { !$0.isEmpty }
      return path.isEmpty ? "" : " at \(path.joined(separator: "."))"
    }
    switch self {
    case .keyNotFound(let key, let context):
      return "“\(key.stringValue)” is missing\(path(context))"
    case .typeMismatch(let type, let context):
      return "expected \(type)\(path(context))"
    case .valueNotFound(let type, let context):
      return "expected \(type)\(path(context)), found null"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not valid JSON (a truncated line?)" : "unreadable value\(path(context))"
    @unknown default:
      return "unreadable"
    }
  }
}

/// Why a search failed, in words a person can read.
public enum SearchError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The service did not answer; trying again may work.
  case serviceUnavailable
  /// The service refused the query.
  case rejected(query: String)
  /// Anything else, with the underlying description.
  case unexpected(String)

  /// Whether sending the same request again may succeed.
  public var isTransient: Bool {
    switch self {
    case .serviceUnavailable, .unexpected: true
    case .rejected: false
    }
  }

  /// A sentence that explains the failure.
  public var description: String {
    switch self {
    case .serviceUnavailable:
      "the search service is unavailable"
    case .rejected(let query):
      "the search service cannot search for “\(query)”"
    case .unexpected(let reason):
      "something went wrong (\(reason))"
    }
  }
}

/// One page of one query: what the action creator asks the API for.
public struct SearchRequest: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The text searched for.
  public let query: String
  /// The page, counting from 1.
  public let page: Int
  /// How many items a page holds.
  public let perPage: Int

  /// Creates a request.
  public init(query: String, page: Int = 1, perPage: Int) {
    self.query = query
    self.page = page
    self.perPage = perPage
  }

  /// The request for the page after this one.
  public var nextPage: SearchRequest {
    SearchRequest(query: query, page: page + 1, perPage: perPage)
  }

  /// The request in words: `“json”, page 2`.
  public var description: String {
    "“\(query)”, page \(page)"
  }
}

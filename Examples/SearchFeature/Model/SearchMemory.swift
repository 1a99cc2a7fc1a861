/// What the search remembers between launches: the last query and the last
/// page loaded for it.
public struct SearchMemory: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The last query searched.
  public var query: String
  /// The last page loaded for it.
  public var page: Int

  /// Creates a memory of a search.
  ///
  /// - Parameters:
  ///   - query: The query.
  ///   - page: The last page loaded.
  public init(query: String, page: Int) {
    self.query = query
    self.page = page
  }

  /// The memory as `“json”, page 2`.
  public var description: String {
    "“\(query)”, page \(page)"
  }
}

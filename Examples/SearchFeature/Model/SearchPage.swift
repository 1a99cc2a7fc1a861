/// What the API returns for a request: one page of matches.
public struct SearchPage: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The request this page answers.
  public let request: SearchRequest
  /// The matches on this page, best first.
  public let items: [Item]
  /// How many items match the query over all pages.
  public let totalCount: Int

  /// Creates a page.
  public init(request: SearchRequest, items: [Item], totalCount: Int) {
    self.request = request
    self.items = items
    self.totalCount = totalCount
  }

  /// Whether a later page holds more matches.
  ///
  /// Safe for any values, including those of a replayed recording that
  /// someone edited: a product too large for an `Int` means no.
  public var hasMore: Bool {
    let (shown, overflow) = request.page.multipliedReportingOverflow(by: request.perPage)
    return !overflow && shown < totalCount
  }

  /// The page in words: `5 of 8 items for “json”, page 1`.
  public var description: String {
    "\(items.count) of \(totalCount) items for \(request)"
  }
}

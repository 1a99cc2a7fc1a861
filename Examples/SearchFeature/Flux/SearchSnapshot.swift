import FluxCore

/// What the search store holds, as one value that can be compared, encoded
/// into a recording, and shown by the recording inspector.
public struct SearchSnapshot: Codable, Sendable, Equatable {
  /// The latest request, or `nil` before the first search.
  public var request: SearchRequest?
  /// The items shown.
  public var items: [Item]
  /// Whether a load is in flight.
  public var isLoading: Bool
  /// Why the latest load failed, if it did.
  public var error: SearchError?
  /// How many items match the query over all pages.
  public var totalCount: Int
  /// Whether another page can be loaded.
  public var hasMore: Bool
}

extension SearchStore {
  /// The store's state now, as one value.
  public var snapshot: SearchSnapshot {
    SearchSnapshot(
      request: request.value, items: items, isLoading: isLoading, error: error,
      totalCount: totalCount.value, hasMore: hasMore.value)
  }
}

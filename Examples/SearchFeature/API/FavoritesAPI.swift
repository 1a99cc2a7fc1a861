/// The service that keeps the user's stars, as the action creator sees it.
public protocol FavoritesAPI: Sendable {
  /// Stars item `id`, or unstars it.
  ///
  /// - Throws: A ``SearchError``, or `CancellationError` when the calling
  ///   task is cancelled.
  func setStarred(_ starred: Bool, itemID id: Int) async throws
}

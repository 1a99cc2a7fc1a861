/// The search service, as the action creator sees it.
///
/// A real app implements it over HTTP; ``StubSearchAPI`` serves a fixed
/// catalogue from memory.
public protocol SearchAPI: Sendable {
  /// Returns the page that `request` asks for.
  ///
  /// - Throws: A ``SearchError``, or `CancellationError` when the calling task
  ///   is cancelled.
  func search(_ request: SearchRequest) async throws -> SearchPage
}

extension StubSearchAPI: FavoritesAPI {
  /// Waits for the latency, then stars or unstars item `id`; fails now and
  /// then: every fourth star request, each one during an outage
  /// (``simulateOutage(requests:)``), and at random with the failure rate.
  public func setStarred(_ starred: Bool, itemID id: Int) async throws {
    starRequests += 1
    let fails =
      starRequests % 4 == 0 || outageRequests > 0
      || (failureRate > 0 && random.nextUnit() < failureRate)
    outageRequests = max(0, outageRequests - 1)
    if latency > .zero {
      try await Task.sleep(for: latency)
    }
    try Task.checkCancellation()
    if fails {
      throw SearchError.serviceUnavailable
    }
  }
}

import SearchFeature

/// A search API whose requests wait until the test answers them.
///
/// `respond` answers several requests in one call, in the order given: each
/// resumed request finishes on this actor before the next, so the action
/// creator receives the responses in that order.
actor ControlledSearchAPI: SearchAPI {
  private var waiting: [(request: SearchRequest, reply: CheckedContinuation<SearchPage, Error>)] =
    []
  private var arrivals: [(count: Int, waiter: CheckedContinuation<Void, Never>)] = []
  private(set) var received: [SearchRequest] = []

  func search(_ request: SearchRequest) async throws -> SearchPage {
    try await withCheckedThrowingContinuation { reply in
      waiting.append((request, reply))
      received.append(request)
      let ready = arrivals.filter { received.count >= $0.count }
      arrivals.removeAll { received.count >= $0.count }
      for arrival in ready { arrival.waiter.resume() }
    }
  }

  /// Returns once `count` requests have arrived in all.
  func waitForRequests(_ count: Int) async {
    guard received.count < count else { return }
    await withCheckedContinuation { arrivals.append((count, $0)) }
  }

  /// Answers the waiting requests for the given queries and pages, in order.
  func respond(_ answers: [(query: String, page: Int, result: Result<[Item], SearchError>)]) {
    for answer in answers {
      guard
        let index = waiting.firstIndex(where: {
          $0.request.query == answer.query && $0.request.page == answer.page
        })
      else {
        preconditionFailure("no waiting request for \(answer.query) page \(answer.page)")
      }
      let (request, reply) = waiting.remove(at: index)
      reply.resume(
        with: answer.result.map { items in
          SearchPage(request: request, items: items, totalCount: items.count)
        }.mapError { $0 as Error })
    }
  }
}

import FluxCoreTesting
import SearchFeature

/// A search API whose requests wait until the test answers them.
///
/// `respond` answers several requests in one call, in the order given: each
/// resumed request finishes on this actor before the next, so the action
/// creator receives the responses in that order.
actor ControlledSearchAPI: SearchAPI {
  private var waiting: [(request: SearchRequest, reply: CheckedContinuation<SearchPage, Error>)] =
    []
  /// Every request received, in order; waits on it are bounded.
  nonisolated let requests = TestRecorder<SearchRequest>()

  func search(_ request: SearchRequest) async throws -> SearchPage {
    try await withCheckedThrowingContinuation { reply in
      waiting.append((request, reply))
      requests.handler(request)
    }
  }

  /// Every request received so far.
  nonisolated var received: [SearchRequest] { requests.values }

  /// Returns once `count` requests have arrived in all; throws after five
  /// seconds.
  nonisolated func waitForRequests(_ count: Int) async throws {
    try await requests.waitForValues(count: count)
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

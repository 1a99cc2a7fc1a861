import SearchFeature
import TestSupport
import XCTest

final class StubSearchAPITests: XCTestCase {
  func testTheCatalogueHasSixtyFourDistinctItems() {
    XCTAssertEqual(Catalogue.items.count, 64)
    XCTAssertEqual(Set(Catalogue.items.map(\.id)).count, 64)
    XCTAssertEqual(Set(Catalogue.items.map(\.title)).count, 64)
  }

  func testAQueryMatchesTitlesAndTagsAndPagesBestFirst() async throws {
    let api = StubSearchAPI(latency: .zero)

    let first = try await api.search(SearchRequest(query: "json", perPage: 5))
    let second = try await api.search(SearchRequest(query: "json", page: 2, perPage: 5))

    XCTAssertEqual(first.totalCount, 8)
    XCTAssertEqual(first.items.count, 5)
    XCTAssertTrue(first.hasMore)
    XCTAssertEqual(second.items.count, 3)
    XCTAssertFalse(second.hasMore)
    let stars = (first.items + second.items).map(\.stars)
    XCTAssertEqual(stars, stars.sorted(by: >))
    XCTAssertTrue((first.items + second.items).allSatisfy { $0.title.hasPrefix("JSON") })
  }

  func testEveryWordOfAQueryMustMatch() async throws {
    let api = StubSearchAPI(latency: .zero)

    let page = try await api.search(SearchRequest(query: "SQL cache", perPage: 5))

    XCTAssertEqual(page.items.map(\.title), ["SQL Cache"])
  }

  func testAQueryThatMatchesNothingReturnsAnEmptyPage() async throws {
    let api = StubSearchAPI(latency: .zero)

    let page = try await api.search(SearchRequest(query: "zebra", perPage: 5))

    XCTAssertEqual(page.items, [])
    XCTAssertFalse(page.hasMore)
  }

  func testTheQueryErrorIsRejected() async {
    let api = StubSearchAPI(latency: .zero)

    do {
      _ = try await api.search(SearchRequest(query: "error", perPage: 5))
      XCTFail("expected a failure")
    } catch {
      XCTAssertEqual(error as? SearchError, .rejected(query: "error"))
    }
  }

  func testASimulatedOutageFailsTheNextRequestsOnly() async throws {
    let api = StubSearchAPI(latency: .zero)
    await api.simulateOutage(requests: 1)
    let request = SearchRequest(query: "http", perPage: 5)

    let failure = await Result { try await api.search(request) }
    let retry = try await api.search(request)

    XCTAssertEqual(failure.error as? SearchError, .serviceUnavailable)
    XCTAssertEqual(retry.items.count, 5)
  }

  func testAFailureRateFailsTheSameRequestsForTheSameSeed() async {
    func outcomes(seed: UInt64) async -> [Bool] {
      let api = StubSearchAPI(latency: .zero, failureRate: 0.5, seed: seed)
      var outcomes: [Bool] = []
      for _ in 0..<40 {
        let result = await Result { try await api.search(SearchRequest(query: "kit", perPage: 5)) }
        outcomes.append(result.error == nil)
      }
      return outcomes
    }

    let first = await outcomes(seed: 42)
    let again = await outcomes(seed: 42)
    let other = await outcomes(seed: 43)

    XCTAssertEqual(first, again)
    XCTAssertNotEqual(first, other)
    XCTAssertTrue(first.contains(true) && first.contains(false))
  }

  func testACancelledRequestThrowsCancellation() async {
    let api = StubSearchAPI(latency: .seconds(60))
    let task = Task { try await api.search(SearchRequest(query: "json", perPage: 5)) }

    task.cancel()
    let result = await task.result

    XCTAssertTrue(result.error is CancellationError)
  }
}

extension Result where Failure == Error {
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  var error: Error? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// An in-memory ``SearchAPI`` over ``Catalogue/items``, with a configurable
/// latency and failures you can trigger.
///
/// - A query matches an item when every word of it appears in the item's
///   title or starts one of its tags, ignoring case. Matches come most-starred
///   first.
/// - The query `error` always fails with ``SearchError/rejected(query:)``.
/// - ``simulateOutage(requests:)`` makes the next requests fail with
///   ``SearchError/serviceUnavailable``; a `failureRate` does so at random,
///   from a fixed seed, so a run can be replayed.
/// - It keeps stars too, and refuses one star request in four (see
///   StubSearchAPI+Favorites.swift).
public actor StubSearchAPI: SearchAPI {
  private let catalogue: [Item]
  let latency: Duration
  let failureRate: Double
  var random: SplitMix64
  var outageRequests = 0
  /// How many star requests it has answered (see StubSearchAPI+Favorites.swift).
  var starRequests = 0

  /// Creates a stub.
  ///
  /// - Parameters:
  ///   - catalogue: The items to search.
  ///   - latency: How long each request takes.
  ///   - failureRate: The probability, from 0 to 1, that a request fails.
  ///   - seed: The seed of the random failures.
  public init(
    catalogue: [Item] = Catalogue.items,
    latency: Duration = .milliseconds(150),
    failureRate: Double = 0,
    seed: UInt64 = 1
  ) {
    self.catalogue = catalogue
    self.latency = latency
    self.failureRate = failureRate
    random = SplitMix64(seed: seed)
  }

  /// Makes the next `requests` requests fail as if the service were down.
  public func simulateOutage(requests: Int) {
    outageRequests = requests
  }

  /// Waits for the latency, then answers `request` from the catalogue.
  public func search(_ request: SearchRequest) async throws -> SearchPage {
    // Decide the outcome when the request arrives, so that the seeded
    // sequence does not depend on how requests interleave.
    let failsAtRandom = failureRate > 0 && random.nextUnit() < failureRate
    let failsInOutage = outageRequests > 0
    outageRequests = max(0, outageRequests - 1)

    if latency > .zero {
      try await Task.sleep(for: latency)
    }
    try Task.checkCancellation()
    if failsInOutage || failsAtRandom {
      throw SearchError.serviceUnavailable
    }
    if request.query.lowercased() == "error" {
      throw SearchError.rejected(query: request.query)
    }
    let matches = Self.matches(for: request.query, in: catalogue)
    let start = min((request.page - 1) * request.perPage, matches.count)
    let end = min(start + request.perPage, matches.count)
    return SearchPage(
      request: request, items: Array(matches[start..<end]), totalCount: matches.count)
  }

  /// The items that match `query`, most-starred first.
  static func matches(for query: String, in catalogue: [Item]) -> [Item] {
    let words = query.lowercased().split(separator: " ").map(String.init)
    guard !words.isEmpty else { return [] }
    return
      catalogue
      .filter { item in
        let title = item.title.lowercased()
        return words.allSatisfy { word in
          title.contains(word) || item.tags.contains { $0.hasPrefix(word) }
        }
      }
      .sorted { ($0.stars, $1.title) > ($1.stars, $0.title) }
  }
}

/// A small, fast, seedable random number generator (SplitMix64), so that a
/// failure rate gives the same failures on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<1.
  mutating func nextUnit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }
}

/// The items the user starred, in the order they were starred.
public struct Favorites: Codable, Sendable, Hashable, CustomStringConvertible {
  /// The starred items.
  public private(set) var items: [Item] = []

  /// No favorites.
  public init() {}

  /// These items, starred in this order.
  public init(_ items: [Item]) {
    self.items = items
  }

  /// Whether `item` is starred.
  public func contains(_ item: Item) -> Bool {
    items.contains { $0.id == item.id }
  }

  /// Stars `item`, or unstars it: a "set", not a "toggle", so that it can
  /// be applied again on another value (an optimistic write is).
  public mutating func set(_ item: Item, starred: Bool) {
    items.removeAll { $0.id == item.id }
    if starred { items.append(item) }
  }

  /// The titles, as in “JSON Kit, JSON Docs”, or “none”.
  public var description: String {
    items.isEmpty ? "none" : items.map(\.title).joined(separator: ", ")
  }
}

/// A request to star or unstar an item: the action that shows it at once.
public struct StarRequest: Codable, Sendable, Hashable {
  /// Tells this request's answer from the others'.
  public let id: Int
  /// The item.
  public let item: Item
  /// Whether to star it (or unstar it).
  public let starred: Bool

  /// Creates a request.
  public init(id: Int, item: Item, starred: Bool) {
    self.id = id
    self.item = item
    self.starred = starred
  }

  /// What the request does, as an undo menu says it: “Star JSON Kit”.
  public var label: String {
    "\(starred ? "Star" : "Unstar") \(item.title)"
  }
}

/// The service's answer to a ``StarRequest``.
public enum StarAnswer: Codable, Sendable, Hashable {
  /// The service saved it: the star is kept.
  case saved(StarRequest)
  /// The service failed: the star is rolled back.
  case failed(StarRequest, SearchError)

  /// The request answered.
  public var request: StarRequest {
    switch self {
    case .saved(let request), .failed(let request, _): request
    }
  }
}

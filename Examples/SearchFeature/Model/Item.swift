/// One entry of the search catalogue: a package, its author, its tags and how
/// many stars it has.
public struct Item: Sendable, Hashable, Identifiable, Codable {
  /// A stable identifier.
  public let id: Int
  /// The package's name.
  public let title: String
  /// Who publishes it.
  public let author: String
  /// Keywords a query can match.
  public let tags: [String]
  /// How many people starred it.
  public let stars: Int

  /// Creates an item.
  public init(id: Int, title: String, author: String, tags: [String], stars: Int) {
    self.id = id
    self.title = title
    self.author = author
    self.tags = tags
    self.stars = stars
  }
}

/// The stub's fixed catalogue: 64 packages, every topic crossed with every
/// kind, with authors and star counts that are the same on every run.
public enum Catalogue {
  static let topics = ["JSON", "HTTP", "Logging", "Metrics", "SQL", "Image", "Crypto", "Markdown"]
  static let kinds = ["Parser", "Client", "Server", "Kit", "Testing", "CLI", "Cache", "Docs"]
  static let authors = [
    "northwind", "tidewater", "ember-labs", "quill", "harbor", "lumen", "fernway", "cobalt",
  ]

  /// All 64 items.
  public static let items: [Item] = topics.enumerated().flatMap { topicIndex, topic in
    kinds.enumerated().map { kindIndex, kind in
      let id = topicIndex * kinds.count + kindIndex + 1
      return Item(
        id: id,
        title: "\(topic) \(kind)",
        author: authors[(topicIndex + 3 * kindIndex) % authors.count],
        tags: [topic.lowercased(), kind.lowercased()],
        stars: (id * 7_919) % 4_987 + 13)
    }
  }
}

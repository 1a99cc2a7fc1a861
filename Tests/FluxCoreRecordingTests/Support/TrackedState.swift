/// A state for a recording that says when the writer encodes it and when it
/// is freed: to hold the writer at a known point, and to see what the
/// recording keeps.
final class TrackedState: Encodable, Sendable {
  private let encoding: @Sendable () -> Void
  private let freed: @Sendable () -> Void

  /// A state that calls `encoding` on the writer's thread as it is encoded,
  /// and `freed` when it is freed.
  init(
    encoding: @escaping @Sendable () -> Void = {}, freed: @escaping @Sendable () -> Void = {}
  ) {
    self.encoding = encoding
    self.freed = freed
  }

  deinit {
    freed()
  }

  func encode(to encoder: any Encoder) throws {
    encoding()
    var container = encoder.singleValueContainer()
    try container.encode(0)
  }
}

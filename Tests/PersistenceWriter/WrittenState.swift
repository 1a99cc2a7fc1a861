/// A state whose every part says which write it is, so that a torn or mixed
/// file cannot pass for a whole one.
struct WrittenState: Codable, Sendable, Equatable {
  var index: Int
  var digits: String

  init(index: Int, size: Int = 1 << 16) {
    self.index = index
    digits = String(repeating: Character("\(index % 10)"), count: size)
  }
}

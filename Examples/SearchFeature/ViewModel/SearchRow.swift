/// One numbered line of the result list, ready to show.
public struct SearchRow: Sendable, Hashable, Identifiable, CustomStringConvertible {
  /// The position in the list, counting from 1.
  public let number: Int
  /// The item shown.
  public let item: Item

  /// The item's id: a row keeps it while its item stays in the list, so
  /// ``SearchViewModel/rowList`` redraws a row only when its own item or
  /// number changes.
  public var id: Int { item.id }

  /// Creates a row.
  public init(number: Int, item: Item) {
    self.number = number
    self.item = item
  }

  /// The row as one line: number, title, author, stars and tags.
  public var description: String {
    "\(number). \(item.title) — \(item.author) · ★ \(grouped(item.stars)) · "
      + item.tags.joined(separator: ", ")
  }
}

/// `1234` as `"1,234"`.
private func grouped(_ number: Int) -> String {
  var digits = String(number.magnitude)
  var index = digits.endIndex
  while digits.distance(from: digits.startIndex, to: index) > 3 {
    index = digits.index(index, offsetBy: -3)
    digits.insert(",", at: index)
  }
  return number < 0 ? "-" + digits : digits
}

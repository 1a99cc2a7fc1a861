/// Readers of a screen, by name, with how many times each was redrawn: a
/// redraw budget that a test expects, or what a ``RedrawTester`` counted.
///
/// Write a budget as the names of the readers an action may redraw, each
/// once, or with a count; `[]` is nobody:
///
/// ```swift
/// await redraws.expect(["row 7"])                // row 7, once
/// await redraws.expect(["list": 1, "header": 2])  // with counts
/// await redraws.expect([])                       // nobody
/// ```
///
/// A name written twice in a list counts twice. A count of zero names a
/// reader that must not be redrawn, which matters when exhaustivity is
/// off (only the readers a budget names are checked then); two values that
/// differ only in such zeros are equal.
public struct Redraws: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// The readers named, each with its number of redraws, zeros included.
  public private(set) var counts: [String: Int]

  /// Readers with their numbers of redraws.
  ///
  /// - Parameter counts: The number of redraws of each reader, by name.
  public init(_ counts: [String: Int] = [:]) {
    self.counts = counts
  }

  /// Readers redrawn once each; a name given twice, twice.
  ///
  /// - Parameter names: The readers' names.
  public init(arrayLiteral names: String...) {
    counts = [:]
    for name in names { counts[name, default: 0] += 1 }
  }

  /// Readers with their numbers of redraws; a name given twice adds up.
  ///
  /// - Parameter elements: Each reader's name and number of redraws.
  public init(dictionaryLiteral elements: (String, Int)...) {
    counts = [:]
    for (name, count) in elements { counts[name, default: 0] += count }
  }

  /// How many times the reader named `reader` was redrawn: zero for a
  /// reader not named.
  ///
  /// - Parameter reader: The reader's name.
  public subscript(reader: String) -> Int {
    counts[reader] ?? 0
  }

  /// The readers redrawn at least once, by name, in alphabetical order.
  ///
  /// `readers.count` is how many readers an action redrew.
  public var readers: [String] {
    counts.filter { $0.value != 0 }.keys.sorted()
  }

  /// The number of redraws, all readers together.
  public var total: Int {
    counts.values.reduce(0, +)
  }

  /// The readers and their counts, as in `row 7 ×1, list ×2`; `nobody`
  /// when none was redrawn.
  public var description: String {
    let named = readers.map { "\($0) ×\(self[$0])" }
    return named.isEmpty ? "nobody" : named.joined(separator: ", ")
  }

  /// Equal when every reader was redrawn as many times in both.
  public static func == (left: Redraws, right: Redraws) -> Bool {
    left.counts.filter { $0.value != 0 } == right.counts.filter { $0.value != 0 }
  }

  /// Hashes the readers redrawn and their counts.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(counts.filter { $0.value != 0 })
  }
}

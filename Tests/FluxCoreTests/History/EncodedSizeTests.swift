import FluxCore
import FluxCoreTesting
import Foundation
import XCTest

/// `EncodedSize` counts what `JSONEncoder` writes, to the byte, without
/// encoding: checked against JSONEncoder itself.
final class EncodedSizeTests: XCTestCase {
  private func encoded(_ value: some Encodable) throws -> Int {
    try JSONEncoder().encode(value).count
  }

  private struct Nested: Codable {
    struct Inner: Codable {
      var name: String
      var tags: [String]
      var score: Double?
    }
    var id: Int
    var inner: Inner
    var many: [Inner]
    var byName: [String: Int]
    var byNumber: [Int: String]
    var flag: Bool
    var nothing: String?
    var kind: Kind
  }

  private enum Kind: Codable {
    case plain
    case named(String)
    case pair(Int, label: String)
  }

  func testStringsAreCountedWithEveryEscapeJSONEncoderWrites() throws {
    let strings = [
      "", "plain", "quote \" backslash \\ slash /", "\u{8}\u{C}\n\r\t", "\u{0}\u{1}\u{1F}",
      "\u{7F}", "é 日本語 🙂", "\u{2028}\u{2029}", "\u{1B}[31mred", String(repeating: "x", count: 999),
    ]

    for string in strings {
      XCTAssertEqual(EncodedSize.of(string), try encoded(string), string.debugDescription)
      XCTAssertEqual(EncodedSize.of([string: string]), try encoded([string: string]))
    }
  }

  func testNumbersAreCountedAsJSONEncoderWritesThem() throws {
    let doubles: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.5, 1e20, 1e21, 1e-5, 1e-7, 123_456_789.125, 3.14159, 1e300,
      .leastNonzeroMagnitude, .ulpOfOne, .greatestFiniteMagnitude, 12_345_678_901_234_567_168,
    ]
    let floats: [Float] = [0, 1, 0.1, 3.14159, 1e20, .leastNonzeroMagnitude]
    let integers: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min]

    for value in doubles { XCTAssertEqual(EncodedSize.of(value), try encoded(value), "\(value)") }
    for value in floats { XCTAssertEqual(EncodedSize.of(value), try encoded(value), "\(value)") }
    for value in integers { XCTAssertEqual(EncodedSize.of(value), try encoded(value)) }
    XCTAssertEqual(EncodedSize.of(UInt64.max), try encoded(UInt64.max))
    let ints = [Int.min, Int.max, 0, -1, 9, 10, -99, 100]
    XCTAssertEqual(EncodedSize.of(ints), try encoded(ints))
    for value in ints { XCTAssertEqual(EncodedSize.of(["k": value]), try encoded(["k": value])) }
    XCTAssertEqual(EncodedSize.of(Int8.min), try encoded(Int8.min))
    XCTAssertEqual(EncodedSize.of([true, false]), try encoded([true, false]))
  }

  func testNestedValuesOptionalsCollectionsAndEnumsAreCountedToTheByte() throws {
    var random = SeededRandomNumberGenerator(seed: 32)
    for _ in 0..<200 {
      let value = Self.nested(using: &random)
      XCTAssertEqual(EncodedSize.of(value), try encoded(value))
    }
    let empty: [Nested] = []
    XCTAssertEqual(EncodedSize.of(empty), try encoded(empty))
    XCTAssertEqual(EncodedSize.of([String?.none, "a"]), try encoded([String?.none, "a"]))
    XCTAssertEqual(EncodedSize.of([[Int]]([[], [1], [2, 3]])), try encoded([[], [1], [2, 3]]))
  }

  func testAValueThatEncodesNothingCountsAsAnEmptyObject() throws {
    struct Nothing: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }

    XCTAssertEqual(EncodedSize.of([Nothing(), Nothing()]), try encoded([Nothing(), Nothing()]))
  }

  private static func nested(using random: inout SeededRandomNumberGenerator) -> Nested {
    func word() -> String {
      let pieces = ["a", "Ada", "\"", "\\", "/", "\n", "\u{1}", "é", "🙂", " ", "42"]
      return (0..<Int.random(in: 0...4, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
    }
    func inner() -> Nested.Inner {
      Nested.Inner(
        name: word(), tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in word() },
        score: Bool.random(using: &random)
          ? Double(Int.random(in: -1_000...1_000, using: &random)) / 8 : nil)
    }
    let kinds: [Kind] = [
      .plain, .named(word()), .pair(Int.random(in: -9...9, using: &random), label: word()),
    ]
    return Nested(
      id: Int.random(in: .min ... .max, using: &random), inner: inner(),
      many: (0..<Int.random(in: 0...3, using: &random)).map { _ in inner() },
      byName: Dictionary(
        uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &random)).map {
          ("k\($0)\(word())", $0)
        }),
      byNumber: [Int.random(in: -99...99, using: &random): word()],
      flag: Bool.random(using: &random), nothing: Bool.random(using: &random) ? word() : nil,
      kind: kinds.randomElement(using: &random)!)
  }
}

import FluxCore
import XCTest

/// `MemoryFootprint`: what a value holds in memory, which an `UndoHistory`
/// counts against its byte bound, measured without visiting every element
/// of a large collection.
final class MemoryFootprintTests: XCTestCase {
  /// An element that counts how often it is visited.
  struct Counted: Encodable, Equatable, Sendable {
    static let visits = Lock(0)
    var name = String(repeating: "x", count: 20)

    func encode(to encoder: any Encoder) throws {
      Self.visits.withLock { $0 += 1 }
      var container = encoder.singleValueContainer()
      try container.encode(name)
    }
  }

  struct Shelf: Encodable {
    var title = "Reading list"
    var books: [String]
    var count = 0
  }

  private func allocation(_ bytes: Int) -> Int { (bytes + 15) & ~15 }

  func testAnArrayOfNumbersCountsItsStorage() {
    let numbers = [Int](repeating: 0, count: 200_000)

    XCTAssertEqual(MemoryFootprint.of(numbers), 8 + allocation(32 + numbers.capacity * 8))
  }

  func testShortStringsAreInlineAndLongerOnesCountTheirStorage() {
    XCTAssertEqual(MemoryFootprint.of("Dear Ada,"), 16)
    XCTAssertEqual(MemoryFootprint.of(String(repeating: "a", count: 100)), 16 + 144)
  }

  func testAStructCountsWhatItsArraysAndStringsReach() {
    let books = (0..<1_000).map { "Book number \($0 + 100_000_000)" }  // 21 bytes each
    let shelf = Shelf(books: books)

    XCTAssertEqual(
      MemoryFootprint.of(shelf),
      MemoryLayout<Shelf>.size + allocation(32 + books.capacity * 16) + 1_000 * allocation(54))
  }

  func testSetsAndDictionariesCountTheirBucketsAndWhatTheirElementsReach() {
    let long = String(repeating: "k", count: 40)
    let small = MemoryFootprint.of(Set([1, 2, 3]))
    let dictionary = MemoryFootprint.of([long: long])

    XCTAssertGreaterThan(small, MemoryLayout<Set<Int>>.size + 3 * 8)
    XCTAssertGreaterThanOrEqual(dictionary, 8 + 2 * allocation(32 + 41))
  }

  func testALargeCollectionIsMeasuredFromSixteenOfItsElements() {
    let elements = [Counted](repeating: Counted(), count: 200_000)
    Counted.visits.withLock { $0 = 0 }

    let footprint = MemoryFootprint.of(elements)

    XCTAssertEqual(Counted.visits.withLock { $0 }, 16)
    XCTAssertEqual(
      footprint, 8 + allocation(32 + elements.capacity * 16) + 200_000 * allocation(53))
  }

  func testAStepOfALargeArrayVisitsSixteenOfItsElementsNotAll() {
    let elements = Variable([Counted](repeating: Counted(), count: 200_000))
    let history = UndoHistory(of: elements, maxBytes: .max)
    Counted.visits.withLock { $0 = 0 }

    for index in 0..<3 { elements.value[index].name = "changed" }

    XCTAssertEqual(history.status.value.undoCount, 3)
    XCTAssertLessThanOrEqual(Counted.visits.withLock { $0 }, 3 * 16)
  }

  func testEveryEncodableShapeIsMeasuredWithoutTrapping() {
    enum Shape: Codable {
      case circle(radius: Double)
      case named(String, [Int8])
    }
    struct Everything: Codable {
      var optional: String? = nil
      var floats: [Float] = [1.5]
      var nested: [[UInt64]] = [[1], []]
      var shapes: [Shape] = [.circle(radius: 1), .named(String(repeating: "n", count: 30), [1])]
      var table: [Int: [String]] = [1: ["a"]]
    }

    XCTAssertGreaterThan(MemoryFootprint.of(Everything()), MemoryLayout<Everything>.size)
    XCTAssertEqual(MemoryFootprint.of([Int]()), 8)
  }
}

/// Telling a change of a large array of integers from the present, which
/// the history does by the arrays' bytes: an equal array in another buffer
/// is not a step, an array that differs in one byte is.
final class IntegerArrayEqualityTests: XCTestCase {
  func testAnEqualArrayInAnotherBufferIsNotAStepAndOneByteLessIsOne() {
    let numbers = Variable([Int](0..<200_000))
    let history = UndoHistory(of: numbers, maxBytes: .max)

    numbers.value = [Int](0..<200_000)  // equal, another buffer
    numbers.value[199_999] = 0
    numbers.value = Array(numbers.value.dropLast())

    XCTAssertEqual(history.status.value.undoCount, 2)
    history.undo(steps: 2)
    XCTAssertEqual(numbers.value, [Int](0..<200_000))
  }

  func testBytesOfEveryWidthAndEmptyArraysCompareAsTheirElements() {
    let bytes = Variable([UInt8]())
    let history = UndoHistory(of: bytes, size: { $0.count })

    bytes.value = []
    bytes.value = [0, 255]
    bytes.value = [0, 255]
    bytes.value = [0, 254]

    XCTAssertEqual(history.archive.past.map(\.value), [[], [0, 255]])
  }
}

import CHeapProbe
import FluxCore
import XCTest

/// The byte bound counts what the kept states hold in memory: a full
/// history's heap growth stays within twice its bound.
final class HistoryHeapTests: XCTestCase {
  func testAFullHistorysHeapGrowthStaysWithinTwiceItsByteBound() throws {
    let maxBytes = 16 << 20
    let before = heap_probe_bytes_in_use()
    try XCTSkipIf(before < 0, "the allocator's totals cannot be read here")

    let numbers = Variable([Int](repeating: 0, count: 200_000))  // 1.6 MB
    let history = UndoHistory(of: numbers, maxBytes: maxBytes)
    for index in 0..<100 { numbers.value[index] = index + 1 }  // each a step, and a copy
    let growth = Int(heap_probe_bytes_in_use() - before)

    XCTAssertLessThanOrEqual(history.status.value.byteCount, maxBytes)
    XCTAssertLessThanOrEqual(growth, 2 * maxBytes, "\(history.status.value.undoCount) steps kept")
    XCTAssertGreaterThanOrEqual(growth, maxBytes / 2, "the bound is used, not a fraction of it")
  }
}

import CHeapProbe
import FluxCore
import XCTest

/// The byte bound counts what the kept states hold in memory: a full
/// history's heap growth stays within twice its bound.
final class HistoryHeapTests: XCTestCase {
  func testAFullHistorysHeapGrowthStaysWithinTwiceItsByteBound() throws {
    let maxBytes = 16 << 20
    try XCTSkipUnless(
      Self.probeSeesAllocations(),
      "the allocator's totals cannot be read here, or do not see Swift's allocations "
        + "(a sanitizer's allocator)")
    let before = heap_probe_bytes_in_use()

    let numbers = Variable([Int](repeating: 0, count: 200_000))  // 1.6 MB
    let history = UndoHistory(of: numbers, maxBytes: maxBytes)
    for index in 0..<100 { numbers.value[index] = index + 1 }  // each a step, and a copy
    let growth = Int(heap_probe_bytes_in_use() - before)

    XCTAssertLessThanOrEqual(history.status.value.byteCount, maxBytes)
    XCTAssertLessThanOrEqual(growth, 2 * maxBytes, "\(history.status.value.undoCount) steps kept")
    XCTAssertGreaterThanOrEqual(growth, maxBytes / 2, "the bound is used, not a fraction of it")
  }

  /// Whether the probe sees an allocation of a megabyte in one of five tries.
  ///
  /// The totals are the whole process's, and another thread (a test before
  /// this one, still ending) may free as much meanwhile: a full `swift test`
  /// run once skipped the test so.
  private static func probeSeesAllocations() -> Bool {
    for _ in 0..<5 {
      let before = heap_probe_bytes_in_use()
      guard before > 0 else { return false }
      let block = [UInt8](repeating: 1, count: 1 << 20)
      let seen = heap_probe_bytes_in_use() - before >= 1 << 20
      withExtendedLifetime(block) {}
      if seen { return true }
    }
    return false
  }
}

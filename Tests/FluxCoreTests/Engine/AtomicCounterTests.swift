import TestSupport
import XCTest

@testable import FluxCore

/// The countdown behind `skip` and `take`: exactly `count` permits, however
/// many threads ask at once.
///
/// Through a subject the operators' handlers never run two at a time, so
/// only a direct test makes threads race between the counter's check and
/// its decrement.
final class AtomicCounterTests: XCTestCase {
  func testThreadsRacingForTheLastPermitGetItOnceBetweenThem() {
    for _ in 0..<2_000 {
      let counter = AtomicCounter(1)
      let granted = Counter()
      runOnThreads(2) { _ in
        if counter.takeOne() { _ = granted.increment() }
      }
      XCTAssertEqual(granted.value, 1)
      XCTAssertTrue(counter.isExhausted)
      if granted.value != 1 { return }
    }
  }

  func testManyThreadsTakeExactlyTheCount() {
    for _ in 0..<200 {
      let counter = AtomicCounter(100)
      let granted = Counter()
      runOnThreads(4) { _ in
        for _ in 0..<50 where counter.takeOne() { _ = granted.increment() }
      }
      XCTAssertEqual(granted.value, 100)
      if granted.value != 100 { return }
    }
  }
}

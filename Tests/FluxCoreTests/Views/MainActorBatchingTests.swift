import Dispatch
@_spi(Diagnostics) import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Main-actor delivery, one hop per burst: every value in order, or the
/// latest of each burst once per turn.
///
/// Bursts are made deterministic by keeping the main actor busy: the test
/// waits, on the main thread, for a producer thread to finish, so everything
/// it sends piles up behind one hop. A marker job queued on the main queue
/// after the burst tells whether deliveries ran in the same turn (before the
/// marker) or later.
@MainActor
final class MainActorBatchingTests: XCTestCase {
  @MainActor
  final class Screen {
    var values: [Int] = []
    var markerSeen: [Bool] = []
    var marker = false
  }

  func testEveryValueModeDeliversABurstInOrderInOneHop() async throws {
    let subject = DispatchSubject<Int>()
    let screen = Screen()
    let arrived = TestRecorder<Int>()
    let token = subject.observeOnMainActor(receiving: .everyValue) { value in
      screen.values.append(value)
      screen.markerSeen.append(screen.marker)
      arrived.handler(value)
    }
    let hopsBefore = HopCount.total

    runOnThreads(1) { _ in
      for value in 0..<10_000 { subject.dispatch(value) }
    }
    DispatchQueue.main.async { screen.marker = true }
    try await arrived.waitForValues(count: 10_000)

    XCTAssertEqual(screen.values, Array(0..<10_000))
    XCTAssertFalse(screen.markerSeen.contains(true), "the burst took more than one turn")
    XCTAssertEqual(HopCount.total - hopsBefore, 1)
    token.dispose()
  }

  func testLatestValueModeCallsTheHandlerOncePerBurstWithTheFinalValue() async throws {
    let variable = Variable(0)
    let screen = Screen()
    let arrived = TestRecorder<Int>()
    let token = variable.changed.observeOnMainActor(receiving: .latestValue) { value in
      screen.values.append(value)
      arrived.handler(value)
    }

    for burst in 1...3 {
      runOnThreads(1) { _ in
        for value in 1...10_000 { variable.value = burst * 100_000 + value }
      }
      try await arrived.waitForValues(count: burst)
    }

    XCTAssertEqual(screen.values, [110_000, 210_000, 310_000])
    token.dispose()
  }

  func testLatestValueModeAlwaysDeliversTheFinalValueWhileThreadsWrite() async throws {
    let variable = Variable(0)
    let screen = Screen()
    let final = TestRecorder<Int>()
    let token = variable.changed.observeOnMainActor(receiving: .latestValue) { value in
      screen.values.append(value)
      if value == 40_000 { final.handler(value) }
    }

    await Task.detached {
      runOnThreads(4) { _ in
        for _ in 0..<10_000 { variable.update { $0 += 1 } }
      }
    }.value
    try await final.waitForValues(count: 1)

    // Fewer calls than writes, each newer than the one before, ending on the
    // final value.
    XCTAssertLessThan(screen.values.count, 40_000)
    XCTAssertEqual(screen.values, screen.values.sorted())
    XCTAssertEqual(Set(screen.values).count, screen.values.count)
    XCTAssertEqual(screen.values.last, 40_000)
    token.dispose()
  }

  /// A handler that dispatches to its own subject on the main actor gets
  /// that value once it has returned, before the first dispatch returns:
  /// never inside its own call.
  func testAHandlerThatDispatchesGetsThatValueAfterItReturnsNeverReentered() async throws {
    let subject = DispatchSubject<Int>()
    let screen = Screen()
    let arrived = TestRecorder<Int>()
    var running = false
    var reentered = false
    let token = subject.observeOnMainActor { value in
      if running { reentered = true }
      running = true
      screen.values.append(value)
      if value < 5 { subject.dispatch(value + 1) }  // from the main actor itself
      running = false
      arrived.handler(value)
    }

    subject.dispatch(0)
    let atOnce = screen.values

    XCTAssertEqual(atOnce, [0, 1, 2, 3, 4, 5])
    XCTAssertFalse(reentered)
    token.dispose()
  }

  func testDisposingDropsWhatIsOnItsWayInBothModes() async throws {
    for mode in [DeliveryMode.everyValue, .latestValue] {
      let subject = DispatchSubject<Int>()
      let screen = Screen()
      let token = subject.observeOnMainActor(receiving: mode) { screen.values.append($0) }

      runOnThreads(1) { _ in
        for value in 0..<100 { subject.dispatch(value) }
      }
      token.dispose()  // before the main actor gets to the hop
      await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }

      XCTAssertEqual(screen.values, [], "\(mode)")
      XCTAssertEqual(subject.subscriptionCount, 0)
    }
  }

  func testObserveOnMakesOneHopPerBurstToItsQueue() throws {
    let queue = DispatchQueue(label: "render")
    let subject = DispatchSubject<Int>()
    let everyValue = TestRecorder<Int>()
    let latest = TestRecorder<Int>()
    let tokens = [
      subject.observe(on: queue).subscribe(everyValue.handler),
      subject.observe(on: queue, receiving: .latestValue).subscribe(latest.handler),
    ]
    let hopsBefore = HopCount.total

    queue.suspend()
    for value in 1...500 { subject.dispatch(value) }
    queue.resume()
    queue.sync {}

    XCTAssertEqual(everyValue.values, Array(1...500))
    XCTAssertEqual(latest.values, [500])
    XCTAssertEqual(HopCount.total - hopsBefore, 2)  // one for each subscription
    for token in tokens { token.dispose() }
  }
}

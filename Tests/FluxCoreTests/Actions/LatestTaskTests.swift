import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// A gate that work waits at until the test opens it; it ignores
/// cancellation, as careless work does.
actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

@MainActor
final class LatestTaskTests: XCTestCase {
  func testASupersededResultIsNeverDeliveredEvenWhenItsWorkIgnoresCancellation() async throws {
    let latest = LatestTask()
    let slow = Gate()
    var delivered: [String] = []

    let first = latest.run {
      await slow.wait()  // ignores cancellation, finishes anyway
      return "old"
    } then: {
      delivered.append((try? $0.get()) ?? "error")
    }
    let second = latest.run {
      "new"
    } then: {
      delivered.append((try? $0.get()) ?? "error")
    }
    try await second.value(within: 10)
    await slow.open()
    try await first.value(within: 10)

    XCTAssertEqual(delivered, ["new"])
    XCTAssertFalse(latest.isRunning)
  }

  func testIsRunningUntilTheLatestResultIsDelivered() async throws {
    let latest = LatestTask()
    let gate = Gate()
    var runningWhenDelivered: Bool?

    let task = latest.run {
      await gate.wait()
    } then: { _ in
      runningWhenDelivered = latest.isRunning
    }
    let whileWorking = latest.isRunning
    await gate.open()
    try await task.value(within: 10)

    XCTAssertTrue(whileWorking)
    XCTAssertEqual(runningWhenDelivered, false)
    XCTAssertFalse(latest.isRunning)
  }

  func testACancelledResultIsNotDeliveredAndErrorsAre() async throws {
    struct Failure: Error {}
    let latest = LatestTask()
    let gate = Gate()
    var outcomes: [String] = []

    let cancelled = latest.run {
      await gate.wait()
    } then: { _ in
      outcomes.append("cancelled one")
    }
    latest.cancel()
    let stoppedRunning = !latest.isRunning
    await gate.open()
    try await cancelled.value(within: 10)
    await latest.run {
      throw Failure()
    } then: { outcome in
      if case .failure(let error) = outcome { outcomes.append("\(type(of: error))") }
    }.value

    XCTAssertTrue(stoppedRunning)
    XCTAssertEqual(outcomes, ["Failure"])
  }

  func testManySupersededStartsDeliverOnlyTheLast() async throws {
    let latest = LatestTask()
    var delivered: [Int] = []
    var tasks: [Task<Void, Never>] = []

    for value in 1...100 {
      tasks.append(
        latest.run {
          value
        } then: {
          delivered.append((try? $0.get()) ?? -1)
        })
    }
    for task in tasks { try await task.value(within: 10) }

    XCTAssertEqual(delivered, [100])
  }
}

@MainActor
final class DebouncerTests: XCTestCase {
  func testABurstOfSendsRunsTheLastActionOnceTheIntervalHasPassed() async throws {
    let clock = TestClock()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock)
    var searched: [String] = []

    var last: Task<Void, Never>?
    for text in ["j", "js", "json"] {
      last = debouncer.send { searched.append(text) }
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(100))
    let beforeTheInterval = searched  // 400 ms: 100 ms before the last deadline
    let pending = debouncer.isPending
    await clock.advance(by: .milliseconds(100))
    _ = try await last?.value(within: 10)

    XCTAssertEqual(beforeTheInterval, [])
    XCTAssertTrue(pending)
    XCTAssertEqual(searched, ["json"])
    XCTAssertFalse(debouncer.isPending)
    XCTAssertEqual(clock.now.offset, .milliseconds(500))
  }

  func testSendsFartherApartThanTheIntervalEachRun() async throws {
    let clock = TestClock()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock)
    var searched: [String] = []

    let first = debouncer.send { searched.append("a") }
    await clock.advance(by: .milliseconds(300))
    try await first.value(within: 10)
    let second = debouncer.send { searched.append("b") }
    await clock.advance(by: .milliseconds(299))
    let almost = searched
    await clock.advance(by: .milliseconds(1))
    try await second.value(within: 10)

    XCTAssertEqual(almost, ["a"])
    XCTAssertEqual(searched, ["a", "b"])
  }

  func testCancelDropsTheScheduledAction() async throws {
    let clock = TestClock()
    let debouncer = Debouncer(for: .seconds(1), clock: clock)
    var ran = false

    debouncer.send { ran = true }
    debouncer.cancel()
    try await clock.run()

    XCTAssertFalse(ran)
    XCTAssertFalse(debouncer.isPending)
  }
}

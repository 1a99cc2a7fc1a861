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

  func testACancelledWorksOwnResultIsNotDeliveredAndErrorsAre() async throws {
    struct Failure: Error {}
    let latest = LatestTask()
    let gate = Gate()
    var outcomes: [String] = []

    let cancelled = latest.run {
      await gate.wait()
    } then: { outcome in
      switch outcome {
      case .success: outcomes.append("cancelled work's result")
      case .failure(let error): outcomes.append("\(type(of: error))")
      }
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
    XCTAssertEqual(outcomes, ["CancellationError", "Failure"])
  }

  func testCancelEndsTheBracketWithACancellationErrorBeforeItReturns() async throws {
    let latest = LatestTask()
    let gate = Gate()
    var outcomes: [String] = []
    func record(_ outcome: Result<String, any Error>) {
      switch outcome {
      case .success(let value): outcomes.append(value)
      case .failure(let error): outcomes.append("\(type(of: error))")
      }
    }

    let task = latest.run {
      await gate.wait()  // ignores cancellation, finishes anyway
      return "finished"
    } then: {
      record($0)
    }
    latest.cancel()
    let whenCancelReturned = outcomes
    latest.cancel()  // nothing in flight: calls nothing
    await gate.open()
    try await task.value(within: 10)

    XCTAssertEqual(whenCancelReturned, ["CancellationError"])
    XCTAssertEqual(outcomes, ["CancellationError"])
    XCTAssertFalse(latest.isRunning)
  }

  func testCancelAfterTheOutcomeWasDeliveredCallsNothing() async throws {
    let latest = LatestTask()
    var calls = 0

    let task = latest.run {
      1
    } then: { _ in
      calls += 1
    }
    try await task.value(within: 10)
    latest.cancel()

    XCTAssertEqual(calls, 1)
  }

  func testAFreedLatestTaskCancelsItsWorkAndCallsNoThen() async throws {
    var latest: LatestTask? = LatestTask()
    weak let freed = latest
    let started = Gate()
    var called = false

    let task = latest!.run {
      await started.open()
      // Ends only when cancelled (or after an hour, failing the test below).
      try await Task.sleep(for: .seconds(3600))
    } then: { _ in
      called = true
    }
    await started.wait()
    latest = nil
    try await task.value(within: 10)

    XCTAssertNil(freed, "the LatestTask was not freed, so the test proves nothing")
    XCTAssertFalse(called)
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

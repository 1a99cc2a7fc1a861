import FluxCore
import TestSupport
import XCTest

@testable import FluxCoreTesting

@MainActor
final class TestClockTests: XCTestCase {
  func testSleepersWakeWhenTimeReachesTheirDeadline() async throws {
    let clock = TestClock()
    var woke: [String] = []
    let start = clock.now
    let tasks = try await sleepers(
      [("late", 300), ("early", 100), ("middle", 200), ("also early", 100)], on: clock
    ) { name in woke.append(name) }
    let sleeping = clock.sleeperCount

    await clock.advance(by: .milliseconds(150))
    try await tasks[1].value(within: 10)
    try await tasks[3].value(within: 10)
    let after150 = woke
    await clock.advance(by: .milliseconds(150))
    for task in tasks { try await task.value(within: 10) }

    XCTAssertEqual(sleeping, 4)
    XCTAssertEqual(after150, ["early", "also early"])
    XCTAssertEqual(woke.count, 4)
    XCTAssertEqual(clock.now.offset, .milliseconds(300))
    XCTAssertEqual(start.offset, .zero)
  }

  /// One advance past every deadline wakes every sleeper and ends at its
  /// target.
  ///
  /// The order the woken tasks then run in is not promised: `sleep` returns
  /// on the shared pool, and under load the tasks reach the main actor in
  /// any order. The order they are woken in is tested below.
  func testOneLongAdvanceWakesEverySleeper() async throws {
    let clock = TestClock()
    var woke: [String] = []
    let tasks = try await sleepers(
      [("late", 300), ("early", 100), ("middle", 200), ("also early", 100)], on: clock
    ) { name in woke.append(name) }

    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value(within: 10) }

    XCTAssertEqual(woke.sorted(), ["also early", "early", "late", "middle"])
    XCTAssertEqual(clock.sleeperCount, 0)
    XCTAssertEqual(clock.now.offset, .seconds(1))
  }

  /// An advance takes the sleepers due by its target in deadline order, and
  /// those with equal deadlines in the order they went to sleep, setting the
  /// time to each one's deadline as it takes it: read from the clock's
  /// choice itself, which does not depend on how threads run.
  func testAnAdvanceTakesSleepersInDeadlineOrderThenSleepOrder() async throws {
    let clock = TestClock()
    let tasks = try await sleepers(
      [("late", 300), ("early", 100), ("middle", 200), ("also early", 100)], on: clock
    ) { _ in }
    let target = clock.now.advanced(by: .milliseconds(250))

    var taken: [(deadline: Duration, id: Int, now: Duration)] = []
    while let sleeper = clock.nextSleeper(dueBy: target) {
      taken.append((sleeper.deadline.offset, sleeper.id, clock.now.offset))
      sleeper.wake.resume()
    }
    let afterTheLast = clock.now.offset
    await clock.advance(by: .seconds(1))  // wakes "late"
    for task in tasks { try await task.value(within: 10) }

    XCTAssertEqual(
      taken.map(\.deadline), [.milliseconds(100), .milliseconds(100), .milliseconds(200)])
    XCTAssertLessThan(taken[0].id, taken[1].id, "equal deadlines: in the order they slept")
    XCTAssertEqual(taken.map(\.now), taken.map(\.deadline))
    XCTAssertEqual(afterTheLast, .milliseconds(250), "none due: the time is the target")
  }

  /// Starts a task per sleeper that sleeps until its deadline, then calls
  /// `woke` with its name; returns once all sleep, having sent them to
  /// sleep one after another, in the order given.
  private func sleepers(
    _ sleepers: [(name: String, milliseconds: Int)], on clock: TestClock,
    woke: @escaping @MainActor (String) -> Void
  ) async throws -> [Task<Void, any Error>] {
    let start = clock.now
    var tasks: [Task<Void, any Error>] = []
    for (index, sleeper) in sleepers.enumerated() {
      tasks.append(
        Task {
          try await clock.sleep(until: start.advanced(by: .milliseconds(sleeper.milliseconds)))
          woke(sleeper.name)
        })
      try await clock.waitForSleepers(count: index + 1)
    }
    return tasks
  }

  func testCancellingASleeperThrowsCancellationErrorWithoutAdvancing() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
    try await clock.waitForSleepers(count: 1)

    sleeper.cancel()
    let outcome = await sleeper.result

    XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError) }
    XCTAssertEqual(clock.now.offset, .zero)
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func testWaitingForSleepersThatNeverComeThrowsAfterTheTimeout() async throws {
    let clock = TestClock()

    do {
      try await clock.waitForSleepers(count: 1, timeout: .milliseconds(50))
      XCTFail("expected a timeout")
    } catch let timeout as TestClockTimeout {
      XCTAssertEqual(
        "\(timeout)", "waited 0.05 seconds for 1 tasks to sleep on the test clock; 0 did")
    } catch {
      XCTFail("unexpected \(error)")
    }
  }

  func testADeadlineInThePastDoesNotSleep() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))

    // Bounded: a clock that slept here would hang the test, not fail it.
    try await withTimeout(seconds: 60) {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
      try await clock.sleep(for: .zero)
    }

    XCTAssertEqual(clock.sleeperCount, 0)
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

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

  /// One advance past every deadline wakes the sleepers in deadline order,
  /// and those with equal deadlines in the order they went to sleep. (The
  /// woken tasks run on the main actor, in the order they were woken, but
  /// may run after the advance has moved on: so the test checks the order.)
  func testOneLongAdvanceWakesSleepersInDeadlineOrder() async throws {
    let clock = TestClock()
    var woke: [String] = []
    let tasks = try await sleepers(
      [("late", 300), ("early", 100), ("middle", 200), ("also early", 100)], on: clock
    ) { name in woke.append(name) }

    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value(within: 10) }

    XCTAssertEqual(woke, ["early", "also early", "middle", "late"])
    XCTAssertEqual(clock.now.offset, .seconds(1))
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

    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    try await clock.sleep(for: .zero)

    XCTAssertEqual(clock.sleeperCount, 0)
  }
}

import FluxCore
import FluxCoreTesting
import XCTest

/// The async forms: a request decides its write, and with a `LatestTask`
/// the latest request wins.
@MainActor
final class OptimisticRequestTests: XCTestCase {
  private struct Refused: Error {}

  func testPerformConfirmsTheWriteWhenTheRequestSucceeds() async throws {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)

    let answer = try await optimistic.perform({ $0.append("a") }, request: { "ok" })

    XCTAssertEqual(answer, "ok")
    XCTAssertEqual(optimistic.confirmed.value, ["a"])
  }

  func testPerformRollsTheWriteBackAndRethrowsWhenTheRequestFails() async {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let shownDuringRequest = Lock<[String]?>(nil)

    do {
      try await optimistic.perform(
        { $0.append("a") },
        request: {
          shownDuringRequest.withLock { $0 = list.value }
          throw Refused()
        })
      XCTFail("the request's error was not rethrown")
    } catch {
      XCTAssertTrue(error is Refused)
    }

    XCTAssertEqual(shownDuringRequest.withLock { $0 }, ["a"])
    XCTAssertEqual(list.value, [])
  }

  func testACancelledPerformRollsItsWriteBack() async throws {
    let list = Variable([String]())
    let optimistic = OptimisticState(of: list)
    let started = AsyncStream<Void>.makeStream()
    let task = Task {
      try await optimistic.perform(
        { $0.append("a") },
        request: {
          started.continuation.yield()
          try await Task.sleep(for: .seconds(100))
        })
    }
    for await _ in started.stream { break }

    task.cancel()
    let outcome = await task.result

    XCTAssertThrowsError(try outcome.get())
    XCTAssertEqual(list.value, [])
  }

  func testWithALatestTaskANewerRequestRollsTheOlderWriteBackAtOnce() async {
    let title = Variable("Untitled")
    let optimistic = OptimisticState(of: title)
    let saving = LatestTask()
    let outcomes = TestRecorder<String>()
    let firstMayAnswer = AsyncStream<Void>.makeStream()

    let first = optimistic.perform(
      { $0 = "Draft" }, in: saving,
      request: {
        for await _ in firstMayAnswer.stream { break }
        return "first"
      },
      then: { outcomes.handler("\($0)") })
    let shownWhileFirstPending = title.value
    let second = optimistic.perform(
      { $0 = "Final" }, in: saving, request: { "second" },
      then: { outcomes.handler("then \((try? $0.get()) ?? "failed")") })
    let shownAtOnce = title.value
    await second.value
    firstMayAnswer.continuation.finish()
    await first.value

    XCTAssertEqual(shownWhileFirstPending, "Draft")
    XCTAssertEqual(shownAtOnce, "Final")
    XCTAssertEqual(optimistic.confirmed.value, "Final")
    XCTAssertEqual(outcomes.values, ["then second"])  // the superseded one says nothing
    XCTAssertEqual(optimistic.pendingCount, 0)
  }

  func testCancellingTheLatestTaskRollsItsWriteBack() async {
    let title = Variable("Untitled")
    let optimistic = OptimisticState(of: title)
    let saving = LatestTask()
    let outcomes = TestRecorder<String>()

    let task = optimistic.perform(
      { $0 = "Draft" }, in: saving, request: { try await Task.sleep(for: .seconds(100)) },
      then: { outcomes.handler($0.isCancelled ? "cancelled" : "other") })
    saving.cancel()
    await task.value

    XCTAssertEqual(title.value, "Untitled")
    XCTAssertEqual(outcomes.values, ["cancelled"])
  }
}

extension Result {
  fileprivate var isCancelled: Bool {
    if case .failure(let error) = self { return error is CancellationError }
    return false
  }
}

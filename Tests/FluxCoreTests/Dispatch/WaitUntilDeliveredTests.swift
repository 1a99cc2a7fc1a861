import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// `waitUntilDelivered`: a barrier that returns once everything dispatched
/// before it has been delivered, without polling, even under a flood.
final class WaitUntilDeliveredTests: XCTestCase {
  func testWaitingOnAnIdleSubjectReturnsAtOnce() async {
    let subject = DispatchSubject<Int>()
    let variable = Variable(0)

    let blocking = subject.waitUntilDelivered(timeout: .zero)
    await subject.waitUntilDelivered()
    let variableBlocking = variable.waitUntilDelivered(timeout: .zero)
    await variable.waitUntilDelivered()

    XCTAssertTrue(blocking)
    XCTAssertTrue(variableBlocking)
  }

  /// While a handler holds the subject, a queued event has not arrived: the
  /// blocking wait runs out of time; once the handler returns, it succeeds.
  func testTheBlockingWaitReturnsFalseWhenTimeRunsOutAndTrueOnceDelivered() {
    let held = HeldSubject()
    held.hold()
    held.subject.dispatch(1)  // queued behind the held delivery

    let whileHeld = held.subject.waitUntilDelivered(timeout: .milliseconds(20))
    let seenWhileHeld = held.recorder.values
    held.release()
    let afterRelease = held.subject.waitUntilDelivered(timeout: .seconds(10))

    XCTAssertFalse(whileHeld)
    XCTAssertEqual(seenWhileHeld, [0])
    XCTAssertTrue(afterRelease)
    XCTAssertEqual(held.recorder.values, [0, 1])
    held.finish()
  }

  func testTheAsyncWaitReturnsOnceTheQueuedEventsHaveArrived() async {
    let held = HeldSubject()
    held.hold()
    held.subject.dispatch(1)
    held.subject.dispatch(2)

    let waiting = Task { await held.subject.waitUntilDelivered() }
    held.release()
    await waiting.value

    XCTAssertEqual(held.recorder.values, [0, 1, 2])
    held.finish()
  }

  /// Events dispatched after the wait began are not waited for: under a
  /// flood that never stops, the wait still returns, having seen everything
  /// each flooding thread dispatched before it.
  func testAWaitReturnsUnderAContinuousFloodWithEverythingDispatchedBeforeIt() {
    for round in 0..<20 {
      let subject = DispatchSubject<Int>()
      let threads = 2
      let latestDelivered = (0..<threads).map { _ in WorkerProgress() }
      let subscription = subject.subscribe { value in
        latestDelivered[value % 10].advance(to: value / 10)
      }
      let returned = (0..<threads).map { _ in WorkerProgress() }
      let stop = TestAtomic(false)

      runOnThreads(threads + 1) { thread in
        if thread < threads {
          var step = 1
          while !stop.load(ordering: .relaxed) {
            subject.dispatch(step * 10 + thread)
            returned[thread].advance(to: step)
            step += 1
          }
        } else {
          // Wait until both flood, note what they had dispatched, then wait.
          for progress in returned { _ = progress.wait(until: 100, timeout: .seconds(10)) }
          let before = returned.map(\.step)
          let delivered =
            round.isMultiple(of: 2)
            ? subject.waitUntilDelivered(timeout: .seconds(10))
            : waitAsync { await subject.waitUntilDelivered() }
          let seen = latestDelivered.map(\.step)
          stop.store(true, ordering: .relaxed)

          XCTAssertTrue(delivered)
          for thread in 0..<threads {
            XCTAssertGreaterThanOrEqual(seen[thread], before[thread], "thread \(thread)")
          }
        }
      }
      XCTAssertTrue(subject.waitUntilDelivered(timeout: .seconds(10)))
      subscription.dispose()
    }
  }

  /// Once the wait returns, with no other thread dispatching, the subject is
  /// idle again, and a dispatch from this thread is delivered before it
  /// returns, as in a single-threaded program.
  func testAfterAWaitTheNextDispatchIsDeliveredBeforeItReturns() {
    for _ in 0..<50 {
      let subject = DispatchSubject<Int>(deliveryBudget: 0)
      let last = TestAtomic(-1)
      let subscription = subject.subscribe { last.store($0, ordering: .relaxed) }
      runOnThreads(3) { thread in
        for value in 0..<2_000 { subject.dispatch(thread * 10_000 + value) }
      }

      XCTAssertTrue(subject.waitUntilDelivered(timeout: .seconds(10)))
      let idle = subject.isIdle
      subject.dispatch(-5)

      XCTAssertTrue(idle)
      XCTAssertEqual(last.load(ordering: .relaxed), -5)
      subscription.dispose()
    }
  }

  func testAVariablesWaitCoversEveryChangeMadeBeforeIt() {
    let variable = Variable(0)
    let seen = TestAtomic(0)
    let subscription = variable.subscribe { seen.max($0, ordering: .relaxed) }

    runOnThreads(4) { _ in
      for _ in 0..<5_000 { variable.update { $0 += 1 } }
    }
    let delivered = variable.waitUntilDelivered(timeout: .seconds(10))

    XCTAssertTrue(delivered)
    XCTAssertEqual(seen.load(ordering: .relaxed), 20_000)
    subscription.dispose()
  }

  /// A handler may wait, blocking, for another subject: only a wait for its
  /// own subject would wait for itself.
  func testAHandlerMayWaitForAnotherSubject() {
    let first = DispatchSubject<Int>()
    let second = DispatchSubject<Int>()
    let received = TestRecorder<Int>()
    let relay = first.subscribe { value in
      second.dispatch(value)
      XCTAssertTrue(second.waitUntilDelivered(timeout: .seconds(10)))
    }
    let subscription = second.subscribe(received.handler)

    first.dispatch(7)

    XCTAssertEqual(received.values, [7])
    relay.dispose()
    subscription.dispose()
  }

  func testABlockingWaitFromInsideADeliveryOfTheSameSubjectStopsTheProgram() throws {
    try expectToStopTheProgram(saying: Self.waitInsideDelivery) {
      let subject = DispatchSubject<Int>()
      let subscription = subject.subscribe { _ in
        _ = subject.waitUntilDelivered(timeout: .seconds(60))
      }
      subject.dispatch(1)
      subscription.dispose()
    }
  }

  /// The same from a handler that a relay runs, on a thread of Dispatch's
  /// global queue.
  func testABlockingWaitFromInsideARelayedDeliveryStopsTheProgram() throws {
    try expectToStopTheProgram(saying: Self.waitInsideDelivery) {
      let held = HeldSubject(deliveryBudget: 0) { value, subject in
        if value == 1 { _ = subject.waitUntilDelivered(timeout: .seconds(60)) }
      }
      held.hold()
      held.subject.dispatch(1)  // queued: a relay delivers it
      held.release()
      _ = held.subject.waitUntilDelivered(timeout: .seconds(60))
    }
  }

  private static let waitInsideDelivery =
    "waitUntilDelivered(timeout:) was called from inside a delivery of the same subject"
}

/// A subject whose handler, on the event 0, waits for the test to release
/// it, so that the test can queue events behind a delivery in progress.
final class HeldSubject: Sendable {
  let subject: DispatchSubject<Int>
  let recorder = TestRecorder<Int>()
  private let holding = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let holder = DispatchSemaphore(value: 0)
  private let subscription = Lock<(any Disposable)?>(nil)

  /// - Parameters:
  ///   - deliveryBudget: The subject's budget.
  ///   - also: Runs for each event after it is recorded, with the subject.
  init(
    deliveryBudget: Int = DispatchSubject<Int>.defaultDeliveryBudget,
    also: @escaping @Sendable (_ value: Int, _ subject: DispatchSubject<Int>) -> Void = { _, _ in }
  ) {
    let subject = DispatchSubject<Int>(deliveryBudget: deliveryBudget)
    self.subject = subject
    let token = subject.subscribe { [recorder, holding, released, unowned subject] value in
      recorder.handler(value)
      if value == 0 {
        holding.signal()
        released.wait()
      }
      also(value, subject)
    }
    subscription.withLock { $0 = token }
  }

  /// Dispatches 0 on another thread and returns once its handler is held.
  func hold() {
    let thread = Thread { [subject, holder] in
      subject.dispatch(0)
      holder.signal()
    }
    thread.start()
    holding.wait()
  }

  /// Lets the held handler return.
  func release() {
    released.signal()
  }

  /// Waits for the holding thread's `dispatch` to return and ends the
  /// subscription.
  func finish() {
    holder.wait()
    subscription.withLock { $0 }?.dispose()
  }
}

/// Runs `work` on a task and blocks until it finishes, for at most ten
/// seconds; returns whether it did.
func waitAsync(_ work: @escaping @Sendable () async -> Void) -> Bool {
  let finished = DispatchSemaphore(value: 0)
  Task {
    await work()
    finished.signal()
  }
  return finished.wait(timeout: .now() + .seconds(10)) == .success
}

import FluxCore
import TestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guarantee 7, where ThreadSanitizer can see it.
///
/// Because a subscriber is never called twice at once and consecutive calls
/// are ordered one after the other (guarantee 2), a handler may keep plain,
/// unsynchronized state, whichever threads deliver. Under `swift test --sanitize=thread` these
/// tests report a data race if the engine's atomics lose their ordering
/// (scripts/check-tsan-sees-atomics shows that they do); without TSan they
/// check the total.
final class DataRaceFreeGuaranteeTests: XCTestCase {
  /// State that only the handler touches, with no lock and no atomic.
  final class PlainTally: @unchecked Sendable {
    // Safe exactly when guarantee 2 holds: the handler is its only user, and
    // the subject never runs two of its calls at once and orders them.
    var count = 0
    var sum = 0
  }

  func testAHandlerMayKeepPlainStateWhileThreadsDispatch() {
    let subject = DispatchSubject<Int>()
    let tally = PlainTally()
    let subscription = subject.subscribe { value in
      tally.count += 1
      tally.sum &+= value
    }

    runOnThreads(4) { thread in
      for value in 0..<5_000 { subject.dispatch(thread * 5_000 + value) }
    }

    XCTAssertTrue(subject.waitUntilDelivered(timeout: .seconds(30)))
    XCTAssertEqual(tally.count, 20_000)
    XCTAssertEqual(tally.sum, (0..<20_000).reduce(0, +))
    subscription.dispose()
  }

  func testAHandlerMayKeepPlainStateWhileDeliveryPassesFromThreadToThread() {
    let subject = DispatchSubject<Int>()
    let tally = PlainTally()
    let subscription = subject.subscribe { value in
      tally.count += 1
      tally.sum &+= value
    }
    // Whose turn it is, read and written relaxed only: the two threads take
    // turns without ordering each other, so the only order between one
    // thread's handler call and the other's is the subject's own. (A
    // semaphore would order them itself, and hide a missing order.) Each
    // dispatch finds the subject idle: the role passes between the threads
    // on the lock-free path, with no lock to order them either.
    let turn = TestAtomic(0)
    let rounds = 2_000

    runOnThreads(2) { thread in
      for round in 0..<rounds {
        while turn.load(ordering: .relaxed) != thread { sched_yield() }
        subject.dispatch(round * 2 + thread)
        turn.store(1 - thread, ordering: .relaxed)
      }
    }

    XCTAssertEqual(tally.count, 2 * rounds)
    XCTAssertEqual(tally.sum, (0..<2 * rounds).reduce(0, +))
    subscription.dispose()
  }

  /// The same when each delivery ends on the queued path.
  ///
  /// The handler dispatches to its own subject, so the event it sends waits in the
  /// queue, and the thread delivers it, then gives the role back with a
  /// releasing store (not the lock-free path's compare-exchange). The other
  /// thread's next dispatch takes the role on the lock-free path and calls
  /// the handler before it takes any lock: only that store orders the two
  /// threads' calls. With the store relaxed, ThreadSanitizer reports the
  /// handler's writes as a race (`scripts/check-tsan-sees-atomics`).
  func testAHandlerThatDispatchesToItsOwnSubjectKeepsPlainStateAcrossThreads() {
    let subject = DispatchSubject<Int>()
    let tally = PlainTally()
    let subscription = subject.subscribe { [unowned subject] value in
      tally.count += 1
      tally.sum &+= value
      if value.isMultiple(of: 2) { subject.dispatch(value + 1) }  // queued behind this call
    }
    let turn = TestAtomic(0)  // relaxed only, as above
    let rounds = 2_000

    runOnThreads(2) { thread in
      for round in 0..<rounds {
        while turn.load(ordering: .relaxed) != thread { sched_yield() }
        subject.dispatch((round * 2 + thread) * 2)
        turn.store(1 - thread, ordering: .relaxed)
      }
    }

    XCTAssertEqual(tally.count, 4 * rounds)
    XCTAssertEqual(tally.sum, (0..<4 * rounds).reduce(0, +))
    subscription.dispose()
  }

  /// A thread that learns of a delivery only by waiting for it sees what
  /// the handler wrote: `waitUntilDelivered` that finds the subject idle
  /// orders the last delivery before it returns.
  ///
  /// The dispatching thread tells the other one that it has dispatched
  /// through a relaxed flag, which orders nothing; the delivery ended on the
  /// lock-free path, so no lock orders it either. Only the wait's acquiring
  /// read of the subject's state does: with it relaxed, ThreadSanitizer
  /// reports the handler's write and the read below as a race
  /// (`scripts/check-tsan-sees-atomics`).
  func testAThreadThatWaitedUntilDeliveredSeesWhatTheHandlerWrote() {
    for round in 0..<200 {
      let subject = DispatchSubject<Int>()
      let tally = PlainTally()
      let subscription = subject.subscribe { value in
        tally.count += 1
        tally.sum &+= value
      }
      let dispatched = TestAtomic(false)
      let seen = TestAtomic(0)

      runOnThreads(2) { thread in
        if thread == 0 {
          subject.dispatch(round)
          dispatched.store(true, ordering: .relaxed)
        } else {
          while !dispatched.load(ordering: .relaxed) { sched_yield() }
          guard subject.waitUntilDelivered(timeout: .seconds(10)) else { return }
          seen.store(tally.count * 1_000 + tally.sum, ordering: .relaxed)
        }
      }

      XCTAssertEqual(seen.load(ordering: .relaxed), 1_000 + round)
      subscription.dispose()
    }
  }

  func testAHandlerMayKeepPlainStateWhileThreadsSetAVariable() {
    let variable = Variable(0)
    let tally = PlainTally()
    let subscription = variable.subscribe { value in
      tally.count += 1
      tally.sum &+= value
    }

    runOnThreads(4) { _ in
      for value in 1...5_000 { variable.value = value }
    }

    XCTAssertTrue(variable.waitUntilDelivered(timeout: .seconds(30)))
    XCTAssertEqual(tally.count, 20_001)  // the replayed 0, then every write
    subscription.dispose()
  }
}

#if os(Linux)
import CFluxCoreAtomics
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FluxCore

/// The threads that a test expects to sleep on a lock, whether each has
/// said it is about to (from the lock's slow path: CFluxCoreAtomics' test
/// hook), and the signal that one has, once per thread.
private let firstSleeper = Atomic<UInt>(0)
private let secondSleeper = Atomic<UInt>(0)
private let firstSleptOn = Atomic<Bool>(false)
private let secondSleptOn = Atomic<Bool>(false)
private let markedSleptOn = DispatchSemaphore(value: 0)

/// FluxCore's own lock on Linux (FluxCoreLock.c): a futex lock, on which
/// every other lock of the package, and so every guarantee, rests.
///
/// The whole suite takes it millions of times from many threads; these
/// tests make sure of what that may leave to chance: exclusion under a
/// flood, and threads that have given up spinning and marked the lock as
/// slept on, each woken in turn when it is given back (a lost wake-up would
/// leave one asleep forever).
final class LockTests: XCTestCase {
  func testIncrementsUnderTheLockFromManyThreadsAreNeverLost() {
    let lock = Lock(0)
    guard finishInTime(threads: 4, { for _ in 0..<100_000 { lock.withLock { $0 += 1 } } }) else {
      return
    }
    XCTAssertEqual(lock.withLock { $0 }, 400_000)
  }

  func testLongerHoldsFromManyThreadsLoseNothing() {
    // Four threads on two cores: holders may be preempted inside the lock,
    // and their waiters then go to sleep (the sleep tests below make sure
    // of that path).
    let lock = Lock(0)
    let holds: @Sendable () -> Void = {
      for _ in 0..<2_000 {
        lock.withLock { count in
          for _ in 0..<1_000 { count += 1 }
        }
      }
    }
    guard finishInTime(threads: 4, holds) else { return }
    XCTAssertEqual(lock.withLock { $0 }, 8_000_000)
  }

  func testAThreadAsleepOnTheLockIsWokenWhenItIsGivenBack() {
    watchForSleepers()
    defer { fluxcore_lock_set_will_sleep(nil) }
    for round in 0..<200 {
      guard sleepersWake(count: 1, round: round) else { return }
    }
  }

  func testTwoThreadsAsleepOnTheLockAreEachWoken() {
    // The first to wake takes the lock still marked as slept on, so that
    // its own release wakes the second.
    watchForSleepers()
    defer { fluxcore_lock_set_will_sleep(nil) }
    for round in 0..<200 {
      guard sleepersWake(count: 2, round: round) else { return }
    }
  }

  /// Makes `count` threads (1 or 2) sleep on a held lock, gives it back,
  /// and checks that each got it in turn.
  ///
  /// Returns false if the test failed.
  private func sleepersWake(count: Int, round: Int) -> Bool {
    let lock = Lock(0)
    let finished = DispatchSemaphore(value: 0)
    let marked = lock.withLock { _ -> Bool in
      for index in 0..<count {
        Thread {
          let me = currentThreadNumber()
          index == 0
            ? firstSleeper.store(me, ordering: .relaxed)
            : secondSleeper.store(me, ordering: .relaxed)
          lock.withLock { $0 += 1 }
          finished.signal()
        }.start()
      }
      // Each waiter has given up spinning and marked the lock: it sleeps
      // (or is about to, and then finds it free) until this hold ends.
      for _ in 0..<count where markedSleptOn.wait(timeout: .now() + 60) == .timedOut {
        return false
      }
      return true
    }
    defer { resetSleepers() }
    guard marked else {
      XCTFail("too slow: in round \(round), the waiters did not come to the held lock in 60 s")
      return false
    }
    for _ in 0..<count where finished.wait(timeout: .now() + 60) == .timedOut {
      XCTFail(
        "too slow: in round \(round), the waiters had not taken the lock 60 s after it was given back"
      )
      return false
    }
    XCTAssertEqual(lock.withLock { $0 }, count)
    // Free again for a caller that finds it so.
    lock.withLock { $0 += 1 }
    XCTAssertEqual(lock.withLock { $0 }, count + 1)
    return true
  }

  /// Signals `markedSleptOn` the first time each expected sleeper is about
  /// to sleep.
  private func watchForSleepers() {
    resetSleepers()
    fluxcore_lock_set_will_sleep {
      let me = currentThreadNumber()
      if me == firstSleeper.load(ordering: .relaxed),
        !firstSleptOn.exchange(true, ordering: .relaxed)
      {
        markedSleptOn.signal()
      } else if me == secondSleeper.load(ordering: .relaxed),
        !secondSleptOn.exchange(true, ordering: .relaxed)
      {
        markedSleptOn.signal()
      }
    }
  }

  /// Forgets the last round's sleepers and any signal they left.
  private func resetSleepers() {
    firstSleeper.store(0, ordering: .relaxed)
    secondSleeper.store(0, ordering: .relaxed)
    firstSleptOn.store(false, ordering: .relaxed)
    secondSleptOn.store(false, ordering: .relaxed)
    while markedSleptOn.wait(timeout: .now()) == .success {}
  }

  /// Runs `body` on `threads` threads of its own at once; fails the test
  /// and returns false if they have not all finished within a minute.
  private func finishInTime(threads: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    let group = DispatchGroup()
    for _ in 0..<threads {
      group.enter()
      Thread {
        body()
        group.leave()
      }.start()
    }
    guard group.wait(timeout: .now() + 60) == .success else {
      XCTFail("too slow: the threads had not finished in 60 s")
      return false
    }
    return true
  }
}
#endif

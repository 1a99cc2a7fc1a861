#if os(Linux)
import CFluxCoreAtomics
import Foundation
import Glibc
import Synchronization
import TestSupport
import XCTest

@testable import FluxCore

/// The thread that a test expects to sleep on a lock, and the signal that
/// it is about to (from the lock's slow path: CFluxCoreAtomics' test hook).
private let expectedSleeper = Atomic<UInt>(0)
private let markedSleptOn = DispatchSemaphore(value: 0)

/// FluxCore's own lock on Linux (FluxCoreLock.c): a futex lock, where every
/// other lock of the package, and so every guarantee, rests on it.
///
/// The whole suite takes it millions of times from many threads; these
/// tests make each of its paths happen for certain: exclusion under a
/// flood, and a thread that has gone to sleep on it woken when it is given
/// back (a lost wake-up would hang that thread forever).
final class LockTests: XCTestCase {
  func testIncrementsUnderTheLockFromManyThreadsAreNeverLost() {
    let lock = Lock(0)
    guard finishInTime(threads: 4, { for _ in 0..<100_000 { lock.withLock { $0 += 1 } } }) else {
      return
    }
    XCTAssertEqual(lock.withLock { $0 }, 400_000)
  }

  func testLongHoldsMakeWaitersSleepAndEveryOneIsWoken() {
    // Holds far longer than a waiter spins, so that waiters sleep in the
    // kernel, and the release that ends each hold must wake one.
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
    fluxcore_lock_set_will_sleep {
      if pthread_self() == expectedSleeper.load(ordering: .relaxed) { markedSleptOn.signal() }
    }
    defer { fluxcore_lock_set_will_sleep(nil) }
    for round in 0..<200 {
      let lock = Lock(0)
      let finished = DispatchSemaphore(value: 0)
      let marked = lock.withLock { count -> Bool in
        let waiter = Thread {
          expectedSleeper.store(pthread_self(), ordering: .relaxed)
          lock.withLock { $0 += 1 }
          finished.signal()
        }
        waiter.start()
        // The waiter has given up spinning and marked the lock: it sleeps
        // (or is about to, and then finds it free) until this hold ends.
        return markedSleptOn.wait(timeout: .now() + 60) == .success
      }
      guard marked else {
        return XCTFail(
          "round \(round): the waiter did not start to wait for the held lock in 60 s "
            + "(the machine is too slow, or the lock let it in)")
      }
      guard finished.wait(timeout: .now() + 60) == .success else {
        return XCTFail(
          "round \(round): the thread asleep on the lock was not woken in the 60 s after "
            + "it was given back (a lost wake-up, or a machine far too slow)")
      }
      XCTAssertEqual(lock.withLock { $0 }, 1)
      // Free again for a caller that finds it so.
      lock.withLock { $0 += 1 }
      XCTAssertEqual(lock.withLock { $0 }, 2)
    }
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
      XCTFail(
        "the threads did not finish in 60 s: one asleep on the lock was never woken "
          + "(a lost wake-up), or the machine is far too slow")
      return false
    }
    return true
  }
}
#endif

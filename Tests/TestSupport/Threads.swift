import CFluxCoreAtomics
import Dispatch
import FluxCore
import Foundation

/// Runs `body(thread)` on `count` threads at once and waits for all of them.
///
/// The threads are real, long-lived workers shared by every test (creating
/// threads is slow, and very slow under ThreadSanitizer). Each is released
/// only when all `count` have their work, so the bodies overlap.
package func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ thread: Int) -> Void) {
  WorkerPool.shared.run(count, body)
}

/// A fixed set of worker threads, each waiting for its next piece of work.
final class WorkerPool: Sendable {
  static let shared = WorkerPool()

  /// One worker: its thread waits on `wake`, then runs `work`.
  private final class Worker: Sendable {
    let wake = DispatchSemaphore(value: 0)
    let work = Lock<(@Sendable () -> Void)?>(nil)
  }

  /// Serializes `run` calls.
  private let running = DispatchSemaphore(value: 1)
  private let workers = Lock<[Worker]>([])

  private func worker(_ index: Int) -> Worker {
    workers.withLock { workers in
      while workers.count <= index {
        let worker = Worker()
        let thread = Thread {
          while true {
            worker.wake.wait()
            worker.work.withLock { $0 }?()
          }
        }
        thread.stackSize = 1 << 20
        thread.start()
        workers.append(worker)
      }
      return workers[index]
    }
  }

  func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    running.wait()
    defer { running.signal() }
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let assigned = (0..<count).map(worker)
    for (index, worker) in assigned.enumerated() {
      done.enter()
      worker.work.withLock {
        $0 = {
          ready.signal()
          go.wait()
          body(index)
          done.leave()
        }
      }
    }
    for worker in assigned { worker.wake.signal() }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { go.signal() }
    done.wait()
  }
}

/// A counter that any thread can bump, for asserting on totals.
package final class Counter: Sendable {
  private let count = Lock(0)

  package init() {}

  /// Adds `amount`; returns the new total.
  @discardableResult
  package func increment(by amount: Int = 1) -> Int {
    count.withLock { count in
      count += amount
      return count
    }
  }

  /// The total so far.
  package var value: Int {
    count.withLock { $0 }
  }
}

/// An object whose lifetime the leak tests watch through a weak reference.
package final class Tracked: Sendable {
  package init() {}
}

/// Counts events per thread: how many the calling thread has counted so far.
package final class ThreadTally: Sendable {
  private let counts = Lock<[UInt: Int]>([:])

  package init() {}

  /// Counts one event on the calling thread.
  package func increment() {
    let thread = currentThreadNumber()
    counts.withLock { $0[thread, default: 0] += 1 }
  }

  /// The events counted so far on the calling thread.
  package var count: Int {
    let thread = currentThreadNumber()
    return counts.withLock { $0[thread, default: 0] }
  }
}

/// A number for the calling thread, to tell the threads that are running
/// apart: its `pthread_t` as a number, which is `Sendable` everywhere
/// (Darwin's `pthread_t` is a pointer, which is not).
package func currentThreadNumber() -> UInt {
  #if canImport(Darwin)
  UInt(bitPattern: pthread_self())
  #else
  UInt(pthread_self())
  #endif
}

/// A line that `count` threads or tasks start a step from together: each
/// calls ``arrive()``, which spins until all have, so that what they do next
/// overlaps to within a few hundred nanoseconds.
///
/// The spin is bounded (about a millisecond), so that a busy machine delays a
/// round rather than stalling it: a round whose parties do not overlap tests
/// less, never wrongly.
package final class StartLine: Sendable {
  private let arrived = TestAtomic(0)
  private let count: Int

  package init(count: Int = 2) {
    self.count = count
  }

  /// Counts the caller in, then spins until all have come.
  package func arrive() {
    arrived.add(1, ordering: .sequentiallyConsistent)
    var spins = 0
    while arrived.load(ordering: .sequentiallyConsistent) < count, spins < 100_000 {
      fluxcore_spin_pause()
      spins += 1
    }
  }
}

/// Runs `body` in a task on the shared pool and cancels that task from the
/// caller at the moment `body` starts, `spins` spin-waits later; returns how
/// the task ended, or throws `TimedOut` (too slow) after 60 s.
///
/// Called with a range of `spins` over many rounds, it lands the cancellation
/// before, while and after `body` begins to wait.
package func outcomeCancelled<T: Sendable>(
  afterSpins spins: Int, _ body: @escaping @Sendable () async throws -> T
) async throws -> Result<T, any Error> {
  let start = StartLine()
  let task = Task.detached {
    start.arrive()
    return try await body()
  }
  start.arrive()
  for _ in 0..<spins { fluxcore_spin_pause() }
  task.cancel()
  return try await withTimeout(seconds: 60) { await task.result }
}

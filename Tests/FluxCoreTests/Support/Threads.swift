import FluxCore
import Foundation
import XCTest

/// Runs `body(thread)` on `count` threads at once and waits for all of them.
///
/// The threads are real, long-lived workers shared by every test (creating
/// threads is slow, and very slow under ThreadSanitizer). Each is released
/// only when all `count` have their work, so the bodies overlap.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ thread: Int) -> Void) {
  WorkerPool.shared.run(count, body)
}

/// A fixed set of worker threads, each waiting for its next piece of work.
final class WorkerPool: @unchecked Sendable {
  // Safe: each worker's `work` slot is written by `run` before the worker's
  // semaphore is signalled and read by the worker after its wait returns, so
  // the semaphore orders them; `run` calls are serialized by `runLock`.

  static let shared = WorkerPool()

  private final class Worker: @unchecked Sendable {
    // Safe: see WorkerPool.
    let wake = DispatchSemaphore(value: 0)
    var work: (@Sendable () -> Void)?
  }

  private let runLock = NSLock()
  private let lock = NSLock()
  private var workers: [Worker] = []

  private func worker(_ index: Int) -> Worker {
    lock.lock()
    defer { lock.unlock() }
    while workers.count <= index {
      let worker = Worker()
      let thread = Thread {
        while true {
          worker.wake.wait()
          worker.work?()
        }
      }
      thread.stackSize = 1 << 20
      thread.start()
      workers.append(worker)
    }
    return workers[index]
  }

  func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    runLock.lock()
    defer { runLock.unlock() }
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let assigned = (0..<count).map(worker)
    for (index, worker) in assigned.enumerated() {
      done.enter()
      worker.work = {
        ready.signal()
        go.wait()
        body(index)
        done.leave()
      }
    }
    for worker in assigned { worker.wake.signal() }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { go.signal() }
    done.wait()
  }
}

/// A counter that any thread can bump, for asserting on totals.
final class Counter: @unchecked Sendable {
  // Safe: `count` is only touched while holding `lock`.
  private let lock = NSLock()
  private var count = 0

  init() {}

  @discardableResult
  func increment(by amount: Int = 1) -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += amount
    return count
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// An object whose lifetime the leak tests watch through a weak reference.
final class Tracked: Sendable {
  init() {}
}

/// Busy-waits until `condition` holds, for at most `seconds`; returns whether
/// it held.
///
/// For waiting on another thread's progress, with a bound so that a regression
/// fails the test instead of hanging it.
@discardableResult
func spin(upTo seconds: Double = 10, until condition: () -> Bool) -> Bool {
  let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
  while !condition() {
    if DispatchTime.now().uptimeNanoseconds > deadline { return false }
  }
  return true
}

/// Something whose deliveries a test can wait for.
protocol Settling {
  /// Whether nothing is being delivered or waiting.
  var isIdle: Bool { get }
}

extension DispatchSubject: Settling {}
extension Variable: Settling {}

/// Waits until every source in `sources` has delivered everything it was
/// given, for at most ten seconds; fails the test if it does not.
///
/// Since bounded dispatch (guarantee 8), the last `dispatch` call to return
/// may leave events for a Dispatch queue to deliver: call this after the
/// dispatching threads are done and before asserting on what was delivered.
/// Sources whose handlers dispatch to one another are idle together only
/// once all the work has run, so this waits for three passes in a row that
/// find every one idle.
func settle(_ sources: any Settling..., file: StaticString = #filePath, line: UInt = #line) {
  var quietPasses = 0
  let settled = spin {
    quietPasses = sources.allSatisfy(\.isIdle) ? quietPasses + 1 : 0
    return quietPasses == 3
  }
  if !settled {
    XCTFail("deliveries did not finish within ten seconds", file: file, line: line)
  }
}

/// Counts events per thread: how many the calling thread has counted so far.
final class ThreadTally: @unchecked Sendable {
  // Safe: `counts` is only touched while holding `lock`.
  private let lock = NSLock()
  private var counts: [pthread_t: Int] = [:]

  init() {}

  /// Counts one event on the calling thread.
  func increment() {
    lock.lock()
    counts[pthread_self(), default: 0] += 1
    lock.unlock()
  }

  /// The events counted so far on the calling thread.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[pthread_self(), default: 0]
  }
}

/// A value behind an `NSLock`, for test bookkeeping across threads.
final class Guarded<Value>: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

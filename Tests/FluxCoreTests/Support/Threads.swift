import Foundation

/// Runs `body(thread)` on `count` new threads at once and waits for all of
/// them. A gate holds every thread until all have started, so they overlap.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ thread: Int) -> Void) {
  let ready = DispatchSemaphore(value: 0)
  let go = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    let thread = Thread {
      ready.signal()
      go.wait()
      body(index)
      done.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { ready.wait() }
  for _ in 0..<count { go.signal() }
  done.wait()
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
/// it held. For waiting on another thread's progress, with a bound so that a
/// regression fails the test instead of hanging it.
@discardableResult
func spin(upTo seconds: Double = 10, until condition: () -> Bool) -> Bool {
  let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
  while !condition() {
    if DispatchTime.now().uptimeNanoseconds > deadline { return false }
  }
  return true
}

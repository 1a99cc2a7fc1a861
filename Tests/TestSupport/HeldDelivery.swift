import Dispatch
import FluxCore

/// A variable whose delivery role another thread holds, stuck in a
/// handler, until ``release()``: the condition in which a view on the main
/// thread subscribes to or reads a store's state while a worker thread is
/// still delivering it.
///
/// ```swift
/// let held = HeldDelivery(of: users, setting: [])  // a worker delivers [] and waits
/// users.value = [alice]                            // queued behind that delivery
/// // reads, subscriptions, withLatestFrom… here
/// held.release()
/// ```
package final class HeldDelivery: Sendable {
  private let entered = DispatchSemaphore(value: 0)
  private let letGo = DispatchSemaphore(value: 0)
  private let blocker = Lock<(any Disposable)?>(nil)
  private let setterReturned = DispatchGroup()
  private let waitForDelivery: @Sendable () -> Bool

  /// Sets `variable` to `value` on a worker thread, whose delivery of it
  /// stops in a handler; returns once it has stopped there.
  ///
  /// - Returns: `nil` if the worker did not get there within a minute.
  package init?<Value: Sendable>(of variable: Variable<Value>, setting value: Value) {
    waitForDelivery = { variable.waitUntilDelivered(timeout: .seconds(60)) }
    let first = TestAtomic(true)
    let token = variable.changed.subscribe { [entered, letGo] _ in
      guard first.exchange(false, ordering: .sequentiallyConsistent) else { return }
      entered.signal()
      letGo.wait()
    }
    blocker.withLock { $0 = token }
    setterReturned.enter()
    DispatchQueue.global().async { [setterReturned] in
      variable.value = value
      setterReturned.leave()
    }
    guard entered.wait(timeout: .now() + .seconds(60)) == .success else {
      letGo.signal()
      return nil
    }
  }

  /// Lets the worker go on, and waits until it has delivered everything
  /// queued meanwhile.
  ///
  /// - Returns: Whether it did so within a minute.
  @discardableResult
  package func release() -> Bool {
    letGo.signal()
    defer { blocker.withLock { $0 }?.dispose() }
    return setterReturned.wait(timeout: .now() + .seconds(60)) == .success && waitForDelivery()
  }

  /// Lets the worker go on, and waits until its setter has returned.
  ///
  /// By then the worker has delivered what it owed and what was queued behind it (a few changes,
  /// within its delivery budget), and given the role back. Unlike
  /// ``release()``, it does not wait for a subscriber's gate to open, so a
  /// replaying handler may call it.
  ///
  /// - Returns: Whether it did so within a minute.
  @discardableResult
  package func releaseAndWaitForTheSetter() -> Bool {
    letGo.signal()
    defer { blocker.withLock { $0 }?.dispose() }
    return setterReturned.wait(timeout: .now() + .seconds(60)) == .success
  }
}

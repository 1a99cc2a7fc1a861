import FluxCore
import Foundation
import Synchronization

/// One subscription of a model run: records what its handler receives,
/// notices overlapping calls, and can be disposed from inside its own
/// handler even before `subscribe` has returned its token.
final class ModelProbe: @unchecked Sendable {
  // Safe: `values`, `token` and `disposeRequested` are only touched while
  // holding `lock`; `inside` is atomic.
  let id: Int
  private let lock = NSLock()
  private var values: [Int] = []
  private var token: (any Disposable)?
  private var disposeRequested = false
  private let inside = Atomic(false)

  init(id: Int) {
    self.id = id
  }

  var recorded: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }

  /// Records `value`; returns how many values have been recorded, and
  /// whether another call to this handler was running at the same time.
  func enter(_ value: Int) -> (count: Int, overlapped: Bool) {
    let overlapped = inside.exchange(true, ordering: .sequentiallyConsistent)
    lock.lock()
    values.append(value)
    let count = values.count
    lock.unlock()
    return (count, overlapped)
  }

  func leave() {
    inside.store(false, ordering: .sequentiallyConsistent)
  }

  /// Stores the token, disposing it at once if the handler asked already.
  func hold(_ newToken: any Disposable) {
    lock.lock()
    let disposeNow = disposeRequested
    token = newToken
    lock.unlock()
    if disposeNow { newToken.dispose() }
  }

  func dispose() {
    lock.lock()
    disposeRequested = true
    let current = token
    lock.unlock()
    current?.dispose()
  }
}

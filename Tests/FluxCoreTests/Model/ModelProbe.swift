import FluxCore
import TestSupport

/// One subscription of a model run: records what its handler receives,
/// notices overlapping calls, and can be disposed from inside its own
/// handler even before `subscribe` has returned its token.
final class ModelProbe: Sendable {
  private struct State {
    var values: [Int] = []
    var token: (any Disposable)?
    var disposeRequested = false
  }

  let id: Int
  private let state = Lock(State())
  private let inside = TestAtomic(false)

  init(id: Int) {
    self.id = id
  }

  var recorded: [Int] {
    state.withLock(\.values)
  }

  /// Records `value`; returns how many values have been recorded, and
  /// whether another call to this handler was running at the same time.
  func enter(_ value: Int) -> (count: Int, overlapped: Bool) {
    let overlapped = inside.exchange(true, ordering: .sequentiallyConsistent)
    let count = state.withLock {
      $0.values.append(value)
      return $0.values.count
    }
    return (count, overlapped)
  }

  func leave() {
    inside.store(false, ordering: .sequentiallyConsistent)
  }

  /// Stores the token, disposing it at once if the handler asked already.
  func hold(_ newToken: any Disposable) {
    let disposeNow = state.withLock {
      $0.token = newToken
      return $0.disposeRequested
    }
    if disposeNow { newToken.dispose() }
  }

  func dispose() {
    let current = state.withLock {
      $0.disposeRequested = true
      return $0.token
    }
    current?.dispose()
  }
}

import Dispatch
import FluxCore
import Observation

/// One reader of a ``RedrawTester``: a closure that reads what a view's
/// `body` reads, registered the way SwiftUI registers a body.
///
/// It reads inside `withObservationTracking`. When something it read is
/// about to change, Observation calls it back (once per registration, on
/// the thread that makes the change): that is one invalidation, counted at
/// once, and the reader reads again, registering again, on a later turn of
/// the main queue, as SwiftUI redraws a body after the change. So a change
/// that reaches the reader before that redraw is not counted again (SwiftUI
/// would redraw once), and one that reaches it after is.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class RedrawReader {
  private let name: String
  private let read: @MainActor () -> Void
  private let tally: RedrawTally

  /// Reads once, registering the reader.
  init(name: String, tally: RedrawTally, read: @escaping @MainActor () -> Void) {
    self.name = name
    self.tally = tally
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking(read) { [weak self, tally, name] in
      tally.invalidated(name)
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          self?.track()
          tally.redrawn()
        }
      }
    }
  }
}

/// What the readers of a ``RedrawTester`` counted since the last check,
/// from any thread.
final class RedrawTally: Sendable {
  private struct State: Sendable {
    /// The readers' names, in the order they were first registered.
    var names: [String] = []
    var counts: [String: Int] = [:]
    /// Every invalidation since the tester was made.
    var invalidations = 0
    /// Every redraw run since the tester was made.
    var redraws = 0
    /// Invalidations whose redraw has not run yet.
    var pendingRedraws = 0
    var exhaustivity: Exhaustivity
  }

  private let state: Lock<State>

  init(exhaustivity: Exhaustivity) {
    state = Lock(State(exhaustivity: exhaustivity))
  }

  var exhaustivity: Exhaustivity {
    get { state.withLock { $0.exhaustivity } }
    set { state.withLock { $0.exhaustivity = newValue } }
  }

  /// The readers' names, in the order they were first registered.
  var names: [String] {
    state.withLock { $0.names }
  }

  /// Notes a reader registered under `name`.
  func registered(_ name: String) {
    state.withLock { state in
      if !state.names.contains(name) { state.names.append(name) }
    }
  }

  /// Counts one invalidation of the reader `name`, whose redraw is now
  /// pending.
  func invalidated(_ name: String) {
    state.withLock { state in
      state.counts[name, default: 0] += 1
      state.invalidations += 1
      state.pendingRedraws += 1
    }
  }

  /// Notes that a pending redraw has run.
  func redrawn() {
    state.withLock { state in
      state.redraws += 1
      state.pendingRedraws -= 1
    }
  }

  /// The invalidations and redraws so far, and the redraws still pending.
  var progress: (activity: Int, pendingRedraws: Int) {
    state.withLock { ($0.invalidations + $0.redraws, $0.pendingRedraws) }
  }

  /// What was counted since the last call, and the exhaustivity then; the
  /// count starts again from zero.
  func take() -> (counted: Redraws, exhaustivity: Exhaustivity) {
    state.withLock { state in
      defer { state.counts = [:] }
      return (Redraws(state.counts), state.exhaustivity)
    }
  }
}

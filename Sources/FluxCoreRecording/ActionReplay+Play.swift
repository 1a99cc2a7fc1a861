import FluxCore
import FluxCoreDiagnostics
import Foundation

extension ActionReplay {
  /// Dispatches every action, in order, on the caller's actor (a replay
  /// started on the main actor dispatches there, as the app's own action
  /// creators would).
  ///
  /// Each action is sent as an action creator sends it through a dispatcher
  /// view, so `DispatchLog`, a recording and a store tester see it. When
  /// the task is cancelled, no further action is dispatched: a cancelled
  /// wait for the next action's time ends the replay, it does not play the
  /// rest at once.
  ///
  /// - Parameters:
  ///   - speed: At the recorded times, measured on `clock`, or without
  ///     waiting.
  ///   - clock: The clock for ``Speed/asRecorded``; tests pass their own.
  ///   - afterEach: Runs after each action: to let a view draw it, say.
  ///   - beforeEach: Runs before each action, with it: to log it, say.
  ///   - isolation: The caller's actor, where the actions are dispatched.
  public func play(
    speed: Speed = .asFastAsPossible,
    clock: some Clock<Duration> = ContinuousClock(),
    afterEach: () async -> Void = {},
    beforeEach: (Action) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation
  ) async {
    _ = await run(speed: speed, clock: clock, afterEach: afterEach, beforeEach: beforeEach) {
      _, _ in nil
    }
  }

  /// Plays the recording and checks the states it reaches against the
  /// recorded ones.
  ///
  /// It dispatches every action as
  /// ``play(speed:clock:afterEach:beforeEach:isolation:)`` does, and after
  /// each one that the recording holds a state for, checks the state
  /// `current` returns against it; it stops at the first difference. A
  /// recording of the app's state is so also a regression test of its
  /// stores.
  ///
  /// ```swift
  /// let replay = try ActionReplay(contentsOf: sessionURL, into: dispatcher)
  /// let difference = await replay.play(checking: { store.results.value })
  /// #expect(difference == nil, "\(difference!)")
  /// ```
  ///
  /// The state is compared once the action has been delivered.
  ///
  /// - Parameters:
  ///   - current: Returns the state now, of the type the recording holds.
  ///   - speed: At the recorded times, measured on `clock`, or without
  ///     waiting.
  ///   - clock: The clock for ``Speed/asRecorded``.
  ///   - afterEach: Runs after each action.
  ///   - beforeEach: Runs before each action, with it.
  ///   - isolation: The caller's actor, where the actions are dispatched.
  /// - Returns: The first difference, or `nil` if every recorded state was
  ///   reached (or the replay was cancelled first).
  public func play<State: Decodable & Equatable>(
    checking current: () -> State,
    speed: Speed = .asFastAsPossible,
    clock: some Clock<Duration> = ContinuousClock(),
    afterEach: () async -> Void = {},
    beforeEach: (Action) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation
  ) async -> ReplayDifference? {
    let decoder = JSONDecoder()
    return await run(speed: speed, clock: clock, afterEach: afterEach, beforeEach: beforeEach) {
      action, step in
      guard let data = action.recordedState else { return nil }
      let replayed = current()
      let recorded: String
      do {
        let expected = try decoder.decode(State.self, from: data)
        guard expected != replayed else { return nil }
        recorded = dumped(expected)
      } catch {
        recorded = "(the recorded state is not a \(State.self): \(error))"
      }
      return ReplayDifference(
        step: step, line: action.line, action: action.record, recorded: recorded,
        replayed: dumped(replayed))
    }
  }

  /// Plays the actions, calling `check` after each is delivered; stops at
  /// the first difference it returns, or when the task is cancelled.
  private func run(
    speed: Speed, clock: some Clock<Duration>,
    afterEach: () async -> Void, beforeEach: (Action) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    check: (Action, _ step: Int) -> ReplayDifference?
  ) async -> ReplayDifference? {
    let start = clock.now
    for (index, action) in actions.enumerated() {
      if speed == .asRecorded {
        do {
          try await clock.sleep(until: start.advanced(by: action.time), tolerance: nil)
        } catch {
          return nil  // cancelled: dispatch nothing more
        }
      }
      guard !Task.isCancelled else { return nil }
      beforeEach(action)
      action.dispatch()
      await action.waitUntilDelivered()
      if let difference = check(action, index + 1) { return difference }
      await afterEach()
    }
    return nil
  }
}

import CFluxCoreAtomics
import Dispatch

// The main actor's turn (MainActorOutbox.swift): one pass, or, in a flood
// from other threads, a turn that lingers for more.

extension MainActorOutbox {
  /// One main-actor turn: takes everything ready, then delivers it.
  ///
  /// A turn queued while the last one ran, or soon after it ended, is part
  /// of a flood from other threads, and lingers (``linger(on:since:)``),
  /// unless the last turn lingered for nothing.
  static func deliverTurn() {
    HopCount.record()
    ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      // The main queue runs here: a main-actor action on this thread may
      // be delivered at once.
      frame.mayRunMainActor = true
      let start = DispatchTime.now().uptimeNanoseconds
      // Told by when it was queued, not when it began: how soon the main
      // queue runs a block varies with the machine and its load (told by
      // when it began, no turn of a flood lingered on one core shared with
      // two busy loops, nor once on CI: LingeringTurnTests). Read before
      // this turn's first pass clears `isScheduled`: until then no other
      // turn is queued, so the time is this turn's.
      let queuedAt = state.withLock { $0.queuedAt }
      let lingers = Self.lingers(
        queuedAt: queuedAt, lastTurnEnded: frame.lastTurnEnded,
        lastLingerWasIdle: frame.lastLingerWasIdle)
      if lingers {
        // What came before this turn is this turn's: only what comes
        // after it counts as more.
        _ = OutboxActivity.take()
        everyValuePass(on: frame, holding: false) { $0.isScheduled = false }
        frame.lastLingerWasIdle = !linger(on: frame, since: start)
      } else {
        deliver(on: frame) { state in
          state.isScheduled = false
          return .everything
        }
        frame.lastLingerWasIdle = false
      }
      frame.lastTurnEnded = DispatchTime.now().uptimeNanoseconds
    }
  }

  /// Whether a turn queued at `queuedAt` lingers, after a turn that ended
  /// at `lastTurnEnded` (uptimes, in nanoseconds) and that lingered for
  /// nothing if `lastLingerWasIdle`: it does if it was queued before that
  /// end (while that turn ran) or less than ``floodGap`` after it, unless
  /// that turn lingered for nothing.
  @inline(__always)
  static func lingers(queuedAt: UInt64, lastTurnEnded: UInt64, lastLingerWasIdle: Bool) -> Bool {
    !lastLingerWasIdle && Int64(bitPattern: queuedAt &- lastTurnEnded) < Int64(floodGap)
  }

  /// A turn queued this soon after the last one ended (in nanoseconds), or
  /// before, is part of a flood, and lingers.
  static let floodGap: UInt64 = 50_000
  /// How long a lingering turn waits for more once nothing more has come
  /// (in nanoseconds).
  static let lingerWindow: UInt64 = 16_000
  /// How often a lingering turn looks for more (in nanoseconds): often
  /// enough to deliver soon, seldom enough that the threads feeding views
  /// do not wait for the cache lines it reads.
  static let lookInterval: UInt64 = 8_000
  /// How long a lingering turn lasts at most (in nanoseconds), so that the
  /// main queue's other work waits no longer.
  static let turnBudget: UInt64 = 500_000

  /// The rest of a turn that lingers; returns whether anything more came.
  ///
  /// While other threads keep feeding views, the turn waits on the main
  /// thread for more, spinning, instead of ending and making those threads
  /// queue (and wake) a turn for each few values they send. Every-value
  /// views are delivered as their values come; latest-value views in the
  /// last pass, so that their handlers run once per turn, as in a turn
  /// that does not linger (and once more for each main-actor action or
  /// view made by the turn's handlers, which catch every view up).
  ///
  /// The barrier rule holds: while the turn waits it counts in the
  /// outbox's `lingering`, so a commit leaves what it made ready to it
  /// instead of queuing a turn; and it stops counting in the pass that ends
  /// it, which takes everything made ready before, under the same lock.
  /// While its handlers run it does not count (``everyValuePass(on:holding:prepare:)``).
  private static func linger(on frame: ThreadFrame, since start: UInt64) -> Bool {
    HopCount.recordLingering()
    var cameSince = false
    var quietSince = DispatchTime.now().uptimeNanoseconds
    var lookedAt = quietSince
    while true {
      for _ in 0..<4 { fluxcore_spin_pause() }
      let now = DispatchTime.now().uptimeNanoseconds
      if now &- lookedAt >= lookInterval {
        lookedAt = now
        if OutboxActivity.take() {
          cameSince = true
          everyValuePass(on: frame, holding: true)
          quietSince = DispatchTime.now().uptimeNanoseconds
          lookedAt = quietSince
          if quietSince &- start >= turnBudget { break }
          continue
        }
        // Nothing yet: a thread that feeds the views may be waiting for
        // this processor. (Measured with another process busy on one of
        // two cores: 121 against 177 ns a value for every value, 93
        // against 159 for the latest; on idle cores, no difference.)
        fluxcore_yield_thread()
      }
      if now &- quietSince >= lingerWindow || now &- start >= turnBudget { break }
    }
    deliver(on: frame) { state in
      state.lingering -= 1
      return .everything
    }
    return cameSince
  }

  /// A pass of a lingering turn: delivers what every-value views have,
  /// leaving latest-value views listed for the last pass; `prepare` runs
  /// first, under the lock.
  ///
  /// The turn holds the outbox (`lingering`) only while no handler runs:
  /// a pass that has handlers to call gives it up for their calls, and
  /// queues a turn if latest-value views are still listed, so that what is
  /// committed meanwhile has a turn queued for it, which a nested run loop
  /// in a handler (a modal panel) runs, as outside a lingering turn.
  /// `holding`: whether the turn holds the outbox as the pass begins; once
  /// the pass is over, it does.
  private static func everyValuePass(
    on frame: ThreadFrame, holding wasHolding: Bool, prepare: (inout State) -> Void = { _ in }
  ) {
    let took = deliver(
      on: frame,
      { state in
        prepare(&state)
        return .everyValue
      },
      then: { state, took in
        if took {
          if wasHolding { state.lingering -= 1 }
          scheduleIfNeeded(&state)
        } else if !wasHolding {
          state.lingering += 1
        }
      })
    if took { state.withLock { $0.lingering += 1 } }
  }
}

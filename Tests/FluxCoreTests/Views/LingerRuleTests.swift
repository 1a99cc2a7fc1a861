import Testing

@testable import FluxCore

/// The rule by which a main-actor turn lingers (Frames/MainActorOutbox+Turn.swift),
/// on the times it is given: a turn queued while the last one ran, or less
/// than a flood's gap after it ended, lingers, unless the last one lingered
/// for nothing. (`LingeringTurnTests` proves it on real turns.)
struct LingerRuleTests {
  /// The last turn's end, an uptime in nanoseconds.
  let ended: UInt64 = 5_000_000_000
  let gap = MainActorOutbox.floodGap

  @Test func aTurnQueuedWhileTheLastOneRanLingers() {
    for before: UInt64 in [1, 1_000, gap, 1_000_000_000] {
      #expect(lingers(queuedAt: ended - before), "queued \(before) ns before the end")
    }
  }

  @Test func aTurnQueuedLessThanAFloodsGapAfterTheLastOneEndedLingers() {
    for after: UInt64 in [0, 1, gap / 2, gap - 1] {
      #expect(lingers(queuedAt: ended + after), "queued \(after) ns after the end")
    }
  }

  @Test func aTurnQueuedAFloodsGapOrMoreAfterTheLastOneEndedDoesNot() {
    for after: UInt64 in [gap, gap + 1, 1_000_000_000] {
      #expect(!lingers(queuedAt: ended + after), "queued \(after) ns after the end")
    }
  }

  @Test func theFirstTurnDoesNotLinger() {
    // No turn has ended: the last end is 0.
    #expect(
      !MainActorOutbox.lingers(queuedAt: ended, lastTurnEnded: 0, lastLingerWasIdle: false))
  }

  @Test func noTurnLingersAfterOneThatLingeredForNothing() {
    for queuedAt in [ended - 1_000, ended, ended + 1] {
      #expect(
        !MainActorOutbox.lingers(queuedAt: queuedAt, lastTurnEnded: ended, lastLingerWasIdle: true))
    }
  }

  private func lingers(queuedAt: UInt64) -> Bool {
    MainActorOutbox.lingers(queuedAt: queuedAt, lastTurnEnded: ended, lastLingerWasIdle: false)
  }
}

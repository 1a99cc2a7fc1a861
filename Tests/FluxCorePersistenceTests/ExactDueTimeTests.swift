import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// A clock whose time moves only when the test sets it, and on which nothing
/// that sleeps ever wakes (until cancelled): a saver whose timer never gets
/// to run, as on a machine too busy to run it.
private final class StalledClock: Clock, Sendable {
  typealias Instant = TestClock.Instant

  private let time = Lock(Instant(offset: .zero))

  var now: Instant { time.withLock { $0 } }
  var minimumResolution: Duration { .zero }

  /// Sets the time to `offset` from the start.
  func set(_ offset: Duration) {
    time.withLock { $0 = Instant(offset: offset) }
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let parked = Lock<(waiter: CheckedContinuation<Void, any Error>?, isCancelled: Bool)>(
      (nil, false))
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { waiter in
        let isCancelled = parked.withLock { parked in
          if !parked.isCancelled { parked.waiter = waiter }
          return parked.isCancelled
        }
        if isCancelled { waiter.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let waiter = parked.withLock { parked in
        parked.isCancelled = true
        defer { parked.waiter = nil }
        return parked.waiter
      }
      waiter?.resume(throwing: CancellationError())
    }
  }
}

/// A write falls due at its due time, not after it: a change made when the
/// clock reads exactly that time comes after the write, which saves the
/// value before the change, whether the saver's timer woke or not.
@Suite struct ExactDueTimeTests {
  @Test func aChangeAtTheExactDueTimeComesAfterTheWriteThatFellDue() throws {
    let directory = TemporaryDirectory()
    let clock = StalledClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(1), maxDelay: .seconds(60), clock: clock,
      default: 0)
    // Each write's value, read from the file as it is counted (on the
    // writer's queue, before the next write).
    let written = TestRecorder<Int>()
    let reading = state.saves.changed.subscribe { [file = directory.file()] _ in
      written.handler((try? savedValue(in: file, as: Int.self)) ?? -1)
    }
    defer { reading.dispose() }

    state.variable.value = 1  // at 0 s: due at 1 s, once the quiet period ends
    clock.set(.seconds(1))  // exactly the due time; the timer never wakes
    state.variable.value = 2
    try state.flush()

    #expect(written.values == [1, 2])
  }
}

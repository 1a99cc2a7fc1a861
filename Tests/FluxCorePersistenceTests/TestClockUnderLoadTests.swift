import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Threads that keep both cores busy until stopped: the load of a machine
/// that builds something else meanwhile.
private final class BusyLoops: Sendable {
  private let running = Lock(true)
  private let stopped = DispatchGroup()

  init(count: Int) {
    for _ in 0..<count {
      stopped.enter()
      Thread { [running, stopped] in
        var spins = 0
        while running.withLock({ $0 }) { spins &+= 1 }
        stopped.leave()
      }.start()
    }
  }

  func stop() {
    running.withLock { $0 = false }
    stopped.wait()
  }
}

/// A state driven by a `TestClock` is saved as the clock's time says, however
/// busy the machine is: which value a write saves, and when the next one is
/// due, follow from the changes and the clock, not from when the saver's
/// thread gets to run.
@Suite(.serialized) struct TestClockUnderLoadTests {
  /// The case, while two busy loops take the machine's cores.
  ///
  /// A change every 100 ms for 3 s (values 1 to 30), a quiet period of
  /// 500 ms that is never reached, a longest delay of 1 s: a write at 1 s,
  /// 2 s and 3 s, of the value current then. The test waits for nothing but
  /// the writes at the end.
  @Test(arguments: 1...3)
  func aSaveAtEachLongestDelayWhileTwoBusyLoopsRun(run: Int) async throws {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .milliseconds(500), maxDelay: .seconds(1),
      clock: clock, default: 0)
    // Each write's value, read from the file as it is counted (on the
    // writer's queue, before the next write).
    let written = TestRecorder<Int>()
    let reading = state.saves.changed.subscribe { [file = directory.file()] _ in
      written.handler((try? savedValue(in: file, as: Int.self)) ?? -1)
    }

    let busy = BusyLoops(count: 2)
    for value in 1...30 {
      state.variable.value = value
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(500))
    // The load is what the clock's advances race: stopped once they are
    // done, so that it slows no other test of the suite longer than that.
    busy.stop()
    let values = try await written.waitForValues(count: 3, timeout: .seconds(30))
    try state.flush()  // nothing left to write

    #expect(values == [10, 20, 30])
    #expect(state.saves.value == 3)
    reading.dispose()
  }
}

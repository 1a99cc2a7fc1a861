import CFluxCoreAtomics
import Dispatch
@_spi(Diagnostics) import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// A main-actor turn that lingers (a flood from another thread: it waits
/// for more on the main thread instead of ending, Frames/MainActorOutbox)
/// keeps every rule of a turn that does not: a barrier queued on the main
/// queue after a dispatch finds its value shown; a latest-value view's
/// handler runs once per turn; and the main queue's other work still runs
/// while a flood goes on.
///
/// XCTest, which runs one test at a time: `HopCount.lingered`, which tells
/// that the flood's turns did linger, counts every turn in the process.
final class LingeringTurnTests: XCTestCase {
  /// Each dispatch of a flood, followed on the same thread by a block
  /// queued on the main queue, finds its value on the view when the block
  /// runs: with every value, it and every value before it, in order; with
  /// the latest value, it or a later one.
  @MainActor
  func testABarrierAfterEachDispatchOfAFloodFindsItsValueShown() async throws {
    for mode in [DeliveryMode.everyValue, .latestValue] {
      let lingeredBefore = HopCount.lingered
      let subject = DispatchSubject<Int>()
      let view = FloodedView()
      let token = subject.observeOnMainActor(receiving: mode) { view.show($0) }
      let atBarriers = TestRecorder<(value: Int, last: Int, count: Int)>()

      let flood = await onANewThread {
        Self.flood(after: lingeredBefore) { value in
          subject.dispatch(value)
          guard value % 100 == 0 else { return }
          DispatchQueue.main.async {
            MainActor.assumeIsolated { atBarriers.handler((value, view.last, view.count)) }
          }
        }
      }
      await subject.waitUntilDelivered()
      await MainActor.run {}
      token.dispose()

      guard flood.lingered else {
        XCTFail("\(mode): \(Self.noTurnLingered(in: Self.floodLimit))")
        continue
      }
      XCTAssertEqual(atBarriers.values.count, flood.length / 100)
      for check in atBarriers.values {
        XCTAssertGreaterThanOrEqual(check.last, check.value, "\(mode): a barrier came first")
        if mode == .everyValue {
          XCTAssertEqual(check.count, check.last, "\(mode): a value skipped or repeated")
        }
      }
      XCTAssertEqual(view.last, flood.length, "\(mode)")
      XCTAssertTrue(view.inOrder, "\(mode): values out of order")
      if mode == .everyValue { XCTAssertEqual(view.count, flood.length) }
    }
  }

  /// While turns linger, a latest-value view's handler still runs at most
  /// once in each main-actor turn.
  @MainActor
  func testALatestValueViewIsCalledOncePerTurnWhileTurnsLinger() async {
    let lingeredBefore = HopCount.lingered
    let subject = DispatchSubject<Int>()
    let probe = TurnProbe()
    let token = subject.observeOnMainActor(receiving: .latestValue) { value in
      probe.called(with: value)
    }

    let flood = await onANewThread {
      Self.flood(after: lingeredBefore) { subject.dispatch($0) }
    }
    await subject.waitUntilDelivered()
    await MainActor.run {}
    token.dispose()

    guard flood.lingered else { return XCTFail(Self.noTurnLingered(in: Self.floodLimit)) }
    XCTAssertEqual(probe.callsInATurnAlreadyCalled, 0, "after \(probe.calls) calls")
    XCTAssertEqual(probe.last, flood.length)
  }

  /// A flood that goes on until the main queue runs another block lets it
  /// run: the block is queued once a turn of the flood has lingered, and
  /// runs when that turn ends.
  ///
  /// What ends it here is the flood's first pause of the turn's window
  /// (16 µs): two threads on two cores never keep a flood up for longer
  /// than a few dozen milliseconds (a turn given no budget was seen to end
  /// so after 46 ms). The budget (0.5 ms), which ends a turn in a flood
  /// with no such pause, is not reached, and so not checked, here.
  @MainActor
  func testAFloodThatNeverStopsLetsTheMainQueuesOtherWorkRun() async {
    for mode in [DeliveryMode.everyValue, .latestValue] {
      let lingeredBefore = HopCount.lingered
      let subjects = [DispatchSubject<Int>(), DispatchSubject<Int>()]
      let tokens = subjects.map { $0.observeOnMainActor(receiving: mode) { _ in } }
      let otherWorkRan = TestAtomic(false)
      let queued = TestAtomic(false)
      let ranOutOfTime = TestAtomic(false)

      // Two threads and two subjects, so that while one thread is
      // scheduled out the other keeps the flood coming: the turn would
      // linger for as long as it lasts if nothing ended it.
      @Sendable func flood(_ subject: DispatchSubject<Int>) {
        let deadline = DispatchTime.now() + .seconds(Self.twoFloodsLimit)
        var value = 0
        while !otherWorkRan.load(ordering: .sequentiallyConsistent), DispatchTime.now() < deadline {
          value += 1
          subject.dispatch(value)
          guard value % 1_000 == 0, HopCount.lingered > lingeredBefore,
            !queued.exchange(true, ordering: .sequentiallyConsistent)
          else { continue }
          DispatchQueue.main.async { otherWorkRan.store(true, ordering: .sequentiallyConsistent) }
        }
        // Read here, not once the test resumes: its own resumption is
        // queued on the main queue behind the block.
        if !otherWorkRan.load(ordering: .sequentiallyConsistent) {
          ranOutOfTime.store(true, ordering: .sequentiallyConsistent)
        }
      }
      async let first: Void = onANewThread { flood(subjects[0]) }
      async let second: Void = onANewThread { flood(subjects[1]) }
      _ = await (first, second)
      for subject in subjects { await subject.waitUntilDelivered() }
      for token in tokens { token.dispose() }

      guard queued.load(ordering: .sequentiallyConsistent) else {
        XCTFail("\(mode): \(Self.noTurnLingered(in: Self.twoFloodsLimit))")
        continue
      }
      XCTAssertFalse(
        ranOutOfTime.load(ordering: .sequentiallyConsistent),
        "\(mode): a block queued on the main queue while a turn lingered did not run "
          + "before the flood had gone on for a minute")
    }
  }

  /// A turn queued while the last one ran lingers, however late the main
  /// queue runs it: a flood is told by when its turns are queued, not by
  /// how soon the main queue gets to them, which on a busy machine may be
  /// later than a flood's gap (50 µs) every time. (Told by when it began,
  /// as before, this turn did not linger, and on CI no turn of a flood of
  /// 100,000 values did.)
  @MainActor
  func testATurnQueuedWhileTheLastOneRanLingersThoughTheMainQueueRunsItLate() async throws {
    let lingeredBefore = HopCount.lingered
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let secondQueued = DispatchSemaphore(value: 0)
    let queuedInTime = TestAtomic(true)
    let token = subject.observeOnMainActor { value in
      recorder.handler(value)
      guard value == 1 else { return }
      // A main queue slow to run the next turn: a block ahead of it that
      // takes ten times a flood's gap.
      DispatchQueue.main.async { Self.holdTheMainThread() }
      // The next turn, queued by another thread while this one runs.
      startThread {
        subject.dispatch(2)
        secondQueued.signal()
      }
      if secondQueued.wait(timeout: .now() + .seconds(60)) == .timedOut {
        queuedInTime.store(false, ordering: .relaxed)
      }
    }
    defer { token.dispose() }

    // The first turn is queued long after the last one ended, and so does
    // not linger (it runs on this thread, after this test's code).
    Self.holdTheMainThread()
    await onANewThread { subject.dispatch(1) }
    let values = try await recorder.waitForValues(count: 2)

    XCTAssertTrue(
      queuedInTime.load(ordering: .relaxed),
      "too slow: the second dispatch did not return within a minute")
    XCTAssertEqual(values, [1, 2])
    XCTAssertEqual(HopCount.lingered, lingeredBefore + 1, "the second turn did not linger")
  }

  /// Holds the main thread for ten times a flood's gap (500 µs).
  @MainActor
  static func holdTheMainThread() {
    let end = DispatchTime.now().uptimeNanoseconds + 500_000
    while DispatchTime.now().uptimeNanoseconds < end { fluxcore_spin_pause() }
  }

  /// Dispatches 1, 2, 3, … on this thread with `dispatch`: `floodLength`
  /// values, and then on until a turn has lingered since `lingeredBefore`,
  /// or for ``floodLimit`` seconds at most; returns how many it dispatched and whether a
  /// turn lingered.
  static func flood(
    after lingeredBefore: Int, _ dispatch: (Int) -> Void
  ) -> (length: Int, lingered: Bool) {
    let deadline = DispatchTime.now() + .seconds(floodLimit)
    var value = 0
    while true {
      value += 1
      dispatch(value)
      guard value % 100 == 0, value >= floodLength else { continue }
      if HopCount.lingered > lingeredBefore { return (value, true) }
      if DispatchTime.now() >= deadline { return (value, false) }
    }
  }

  /// Long enough for turns to linger, short enough for ThreadSanitizer.
  static let floodLength = 100_000

  /// How long ``flood(after:_:)`` goes on for a turn to linger, in seconds.
  static let floodLimit = 30
  /// How long the two floods of the last test go on, in seconds.
  static let twoFloodsLimit = 60

  /// Why a test that floods for `seconds` and saw no turn linger fails.
  static func noTurnLingered(in seconds: Int) -> String {
    "no turn lingered in \(seconds) s of flooding, so this test checked nothing: too slow (the "
      + "main thread never ran beside the flooding thread), or the rule of LingerRuleTests is "
      + "broken"
  }
}

/// A view that a flood feeds.
@MainActor
private final class FloodedView {
  private(set) var last = 0
  private(set) var count = 0
  private(set) var inOrder = true

  func show(_ value: Int) {
    if value <= last { inOrder = false }
    last = value
    count += 1
  }
}

/// Tells whether a handler is called twice in one main-actor turn, by
/// `HopCount`, which counts turns (as TurnScreen does).
@MainActor
private final class TurnProbe {
  private(set) var calls = 0
  private(set) var callsInATurnAlreadyCalled = 0
  private(set) var last = 0
  private var turn: Int?

  func called(with value: Int) {
    calls += 1
    last = value
    let now = HopCount.total
    if turn == now { callsInATurnAlreadyCalled += 1 }
    turn = now
  }
}

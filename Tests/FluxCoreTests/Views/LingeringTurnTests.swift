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

      await onANewThread {
        for value in 1...Self.floodLength {
          subject.dispatch(value)
          guard value % 100 == 0 else { continue }
          DispatchQueue.main.async {
            MainActor.assumeIsolated { atBarriers.handler((value, view.last, view.count)) }
          }
        }
      }
      await subject.waitUntilDelivered()
      await MainActor.run {}
      token.dispose()

      XCTAssertEqual(atBarriers.values.count, Self.floodLength / 100)
      for check in atBarriers.values {
        XCTAssertGreaterThanOrEqual(check.last, check.value, "\(mode): a barrier came first")
        if mode == .everyValue {
          XCTAssertEqual(check.count, check.last, "\(mode): a value skipped or repeated")
        }
      }
      XCTAssertEqual(view.last, Self.floodLength, "\(mode)")
      XCTAssertTrue(view.inOrder, "\(mode): values out of order")
      if mode == .everyValue { XCTAssertEqual(view.count, Self.floodLength) }
      XCTAssertGreaterThan(
        HopCount.lingered, lingeredBefore,
        "\(mode): no turn lingered during the flood, so this test checked nothing of it")
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

    await onANewThread {
      for value in 1...Self.floodLength { subject.dispatch(value) }
    }
    await subject.waitUntilDelivered()
    await MainActor.run {}
    token.dispose()

    XCTAssertEqual(probe.callsInATurnAlreadyCalled, 0, "after \(probe.calls) calls")
    XCTAssertEqual(probe.last, Self.floodLength)
    XCTAssertGreaterThan(
      HopCount.lingered, lingeredBefore,
      "no turn lingered during the flood, so this test checked nothing of it")
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
        let deadline = DispatchTime.now() + .seconds(60)
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
        XCTFail("\(mode): no turn lingered in a minute of flooding, so this test checked nothing")
        continue
      }
      XCTAssertFalse(
        ranOutOfTime.load(ordering: .sequentiallyConsistent),
        "\(mode): a block queued on the main queue while a turn lingered did not run "
          + "before the flood had gone on for a minute")
    }
  }

  /// Long enough for turns to linger, short enough for ThreadSanitizer.
  static let floodLength = 100_000
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

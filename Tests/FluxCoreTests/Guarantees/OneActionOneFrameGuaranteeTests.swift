import Dispatch
import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import Testing

/// Guarantee 10, "one action, one frame": a main-actor view never shows a
/// state that no whole action produced, whichever thread dispatched, through
/// every way onto the main actor.
///
/// The feature (ThreeStoreFeature.swift) has three stores taking one action;
/// the middle one lets the main actor run two turns while it works, as a
/// 10–30 ms decode would let it on a device, so that a hop of the first
/// store's change, if it were sent before the action ends, would be drawn
/// beside the third store's old state. The screen redraws as SwiftUI does.
@MainActor
@Suite struct OneActionOneFrameGuaranteeTests {
  /// The stores and a screen of them, made in the order an app makes them.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  struct Feature {
    let dispatcher: AnswerDispatcher
    let query: QueryStore
    let work: WorkStore
    let total: TotalStore
    let screen: RedrawingScreen<Shown>
    let keep: [Any]

    init(
      _ way: WayOntoTheMainActor, deliveryBudget: Int = 32,
      work: @escaping @Sendable (Int) -> Void = { _ in letTheMainActorRedraw() }
    ) {
      dispatcher = AnswerDispatcher(deliveryBudget: deliveryBudget)
      let view = AnyObservableDispatcher(dispatcher)
      query = QueryStore(view)
      self.work = WorkStore(view, work: work)
      total = TotalStore(view)
      (screen, keep) = way.screen(query: query.query, total: total.total)
    }

    /// The stores' state now, as the screen should end up showing it.
    var state: Shown { Shown(query.query.value, total.total.value) }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func eachActionFromABackgroundThreadReachesTheScreenWhole(way: WayOntoTheMainActor)
    async throws
  {
    let feature = Feature(way)

    await onANewThread { [dispatcher = feature.dispatcher] in
      for answer in 1...5 { dispatcher.answer.dispatch(answer) }
    }
    try await feature.screen.waitUntilDrawn(Shown(5, 50))

    let frames = feature.screen.frames
    #expect(frames.torn.isEmpty, "frames drawn: \(frames)")
    #expect(frames.last == feature.state)
    withExtendedLifetime(feature.keep) {}
  }

  /// Liveness: while a thread is in the middle of its next action, the
  /// screen already shows the one before. (A screen held back until the
  /// thread stops sending would make the work wait forever here.)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func theScreenFollowsAThreadThatKeepsSending(way: WayOntoTheMainActor) async throws {
    let shownDuringWork = Lock<[Bool]>([])
    let screenBox = Lock<RedrawingScreen<Shown>?>(nil)
    let feature = Feature(way) { answer in
      guard answer > 1, let screen = screenBox.withLock({ $0 }) else { return }
      let previous = Shown(answer - 1, 10 * (answer - 1))
      shownDuringWork.withLock { $0.append(screen.waitUntilShowing(previous)) }
    }
    screenBox.withLock { $0 = feature.screen }

    await onANewThread { [dispatcher = feature.dispatcher] in
      for answer in 1...20 { dispatcher.answer.dispatch(answer) }
    }
    try await feature.screen.waitUntilDrawn(Shown(20, 200))

    #expect(shownDuringWork.withLock { $0 } == Array(repeating: true, count: 19))
    #expect(feature.screen.frames.torn.isEmpty, "frames drawn: \(feature.screen.frames)")
    withExtendedLifetime(feature.keep) {}
  }

  /// Bounded dispatch (guarantee 8) hands another thread's actions to a
  /// relay: each still reaches the screen whole.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func actionsARelayDeliversReachTheScreenWhole(way: WayOntoTheMainActor) async throws {
    // Waits that run out (a machine too slow for the test) fail it as too
    // slow: the actions were then not queued behind a delivery.
    let (holding, queued) = (BoundedGate(bound: 60), BoundedGate(bound: 60))
    let threads = Lock<[Int: UInt]>([:])
    let feature = Feature(way, deliveryBudget: 0) { answer in
      threads.withLock { $0[answer] = currentThreadNumber() }
      if answer == 1 {
        // The other thread queues its actions while this one delivers.
        holding.open()
        queued.wait()
      }
      letTheMainActorRedraw()
    }
    let dispatcher = feature.dispatcher

    async let first: Void = onANewThread { dispatcher.answer.dispatch(1) }
    async let second: Void = onANewThread {
      holding.wait()
      for answer in 2...10 { dispatcher.answer.dispatch(answer) }
      queued.open()
    }
    _ = await (first, second)
    try await feature.screen.waitUntilDrawn(Shown(10, 100))
    try holding.checkInTime()
    try queued.checkInTime()

    let delivered = threads.withLock { $0 }
    #expect(Set((2...10).compactMap { delivered[$0] }).isDisjoint(with: [delivered[1]]))
    #expect(feature.screen.frames.torn.isEmpty, "frames drawn: \(feature.screen.frames)")
    #expect(feature.screen.frames.last == feature.state)
    withExtendedLifetime(feature.keep) {}
  }

  /// Two threads send actions to the same stores at once: while an action
  /// is being delivered, the screen never shows its value, and it ends on
  /// the stores' final state.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func twoThreadsSendingAtOnceNeverShowAnUnfinishedAction(way: WayOntoTheMainActor)
    async throws
  {
    let shownMidAction = Lock<[Int]>([])
    let screenBox = Lock<RedrawingScreen<Shown>?>(nil)
    let feature = Feature(way) { answer in
      letTheMainActorRedraw()
      if let showing = screenBox.withLock({ $0 })?.showing.withLock({ $0 }),
        showing.query == answer
      {
        shownMidAction.withLock { $0.append(answer) }
      }
    }
    screenBox.withLock { $0 = feature.screen }
    let dispatcher = feature.dispatcher

    async let odd: Void = onANewThread {
      for answer in stride(from: 1, through: 39, by: 2) { dispatcher.answer.dispatch(answer) }
    }
    async let even: Void = onANewThread {
      for answer in stride(from: 2, through: 40, by: 2) { dispatcher.answer.dispatch(answer) }
    }
    _ = await (odd, even)
    await dispatcher.answer.waitUntilDelivered()
    try await feature.screen.waitUntilDrawn(feature.state)

    #expect(shownMidAction.withLock { $0 } == [])
    #expect(feature.screen.frames.torn.isEmpty, "frames drawn: \(feature.screen.frames)")
    withExtendedLifetime(feature.keep) {}
  }
}

extension [Shown] {
  /// The frames that no whole action produced.
  var torn: [Shown] { filter { !$0.isWhole } }
}

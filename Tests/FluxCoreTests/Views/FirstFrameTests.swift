import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10, "the first frame is a whole action's": a view made while
/// an action is half-delivered on another thread shows the state as of the
/// last finished action, through every way onto the main actor, and the
/// rest of the action when it ends.
@MainActor
@Suite struct FirstFrameTests {
  /// The three stores of guarantee 10's tests, whose action is held in the
  /// middle one's work: the first store has its new state, the third not
  /// yet.
  final class HalfDeliveredAction: Sendable {
    let dispatcher = AnswerDispatcher()
    let query: QueryStore
    let work: WorkStore
    let total: TotalStore
    private let steps = Steps()

    init() {
      let view = AnyObservableDispatcher(dispatcher)
      query = QueryStore(view)
      work = WorkStore(view) { [steps] _ in steps.pass(.deliveringOne, waitingFor: .released) }
      total = TotalStore(view)
    }

    /// Sends answer 1 on another thread; returns once its delivery is held
    /// in the middle of the action.
    func start() async -> Bool {
      startThread { [dispatcher] in dispatcher.answer.dispatch(1) }
      return await steps.reached(.deliveringOne)
    }

    /// Lets the action finish.
    func finish() {
      steps.signal(.released)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(arguments: WayOntoTheMainActor.allCases)
  func aViewMadeMidActionShowsTheLastFinishedActionThenTheWholeAction(
    way: WayOntoTheMainActor
  ) async throws {
    let action = HalfDeliveredAction()
    guard await action.start() else { return }
    let halfway = (action.query.query.value, action.total.total.value)

    let (screen, keep) = way.screen(query: action.query.query, total: action.total.total)
    let first = screen.current
    action.finish()
    try await screen.waitUntilDrawn(Shown(1, 10))

    #expect(halfway == (1, 0))  // the action is half-delivered
    #expect(first == Shown(0, 0))
    #expect(screen.frames.torn.isEmpty, "frames drawn: \(screen.frames)")
    withExtendedLifetime(keep) {}
  }

  /// A handler of both stores' state, subscribed mid-action, is first
  /// called with the state from before it, and never with one store's new
  /// state beside the other's old one.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aCombinedHandlerMadeMidActionNeverReceivesAStateNoActionProduced() async throws {
    let action = HalfDeliveredAction()
    guard await action.start() else { return }
    let received = TestRecorder<Shown>()

    let token = Observable.combineLatest(action.query.query, action.total.total) { Shown($0, $1) }
      .observeOnMainActor { received.handler($0) }
    let atOnce = received.values
    action.finish()
    let all = try await received.waitForValues(count: 2)

    #expect(atOnce == [Shown(0, 0)])
    #expect(all == [Shown(0, 0), Shown(1, 10)])
    token.dispose()
  }

  /// A Variable set directly on another thread begins an action of its
  /// own (its delivery): a view made while a subscriber derives another
  /// state from it shows neither new value, then both.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aViewMadeWhileASetterIsDeliveredShowsNeitherNewValueThenBoth() async throws {
    let source = Variable(0)
    let derived = Variable(0)
    let steps = Steps()
    let deriving = source.changed.subscribe { value in
      derived.value = value * 10
      steps.pass(.deliveringOne, waitingFor: .released)
    }
    startThread { source.value = 1 }
    guard await steps.reached(.deliveringOne) else { return }

    let shownSource = ObservedProperty(source.asProperty())
    let shownDerived = ObservedProperty(derived.asProperty())
    let screen = RedrawingScreen { Shown(shownSource.value, shownDerived.value) }
    let first = screen.current
    steps.signal(.released)
    try await screen.waitUntilDrawn(Shown(1, 10))

    #expect(first == Shown(0, 0))
    #expect(screen.frames.torn.isEmpty, "frames drawn: \(screen.frames)")
    deriving.dispose()
  }

  /// A derived property read mid-action off the view path stays fresh
  /// (guarantee 9); the view made of it shows the whole state.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func readsOffTheViewPathStayFresh() async {
    let action = HalfDeliveredAction()
    guard await action.start() else { return }
    let sum = Property(derivedFrom: action.query.query, action.total.total) { Shown($0, $1) }

    let fresh = sum.value
    let view = ObservedProperty(sum)
    let shown = view.value
    action.finish()

    #expect(fresh == Shown(1, 0))
    #expect(shown == Shown(0, 0))
  }
}

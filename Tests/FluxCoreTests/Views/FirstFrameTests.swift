import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// Guarantee 10, "the first frame is a whole action's": a view made while
/// an action is half-delivered on another thread shows the state as of the
/// last finished action, through every way onto the main actor, and the
/// rest of the action when it ends. (The last finished action is not the
/// initial state, which a view that shows nothing at first would match.)
@MainActor
@Suite struct FirstFrameTests {
  /// The three stores of guarantee 10's tests, after one whole action
  /// (answer 1: `1:10`), with a second (answer 2) held in the middle one's
  /// work: the first store has its new state, the third not yet.
  final class HalfDeliveredAction: Sendable {
    let dispatcher = AnswerDispatcher()
    let query: QueryStore
    let work: WorkStore
    let total: TotalStore
    private let steps = Steps()

    init() {
      let view = AnyObservableDispatcher(dispatcher)
      query = QueryStore(view)
      work = WorkStore(view) { [steps] answer in
        if answer == 2 { steps.pass(.deliveringOne, waitingFor: .released) }
      }
      total = TotalStore(view)
    }

    /// Sends answer 1, then answer 2 on another thread; returns once the
    /// second's delivery is held in the middle of the action.
    func start() async -> Bool {
      await onANewThread { [dispatcher] in dispatcher.answer.dispatch(1) }
      startThread { [dispatcher] in dispatcher.answer.dispatch(2) }
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
    try await screen.waitUntilDrawn(Shown(2, 20))

    #expect(halfway == (2, 10))  // the second action is half-delivered
    #expect(first == Shown(1, 10))
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

    #expect(atOnce == [Shown(1, 10)])
    #expect(all == [Shown(1, 10), Shown(2, 20)])
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
      if value == 2 { steps.pass(.deliveringOne, waitingFor: .released) }
    }
    await onANewThread { source.value = 1 }
    startThread { source.value = 2 }
    guard await steps.reached(.deliveringOne) else { return }

    let shownSource = ObservedProperty(source.asProperty())
    let shownDerived = ObservedProperty(derived.asProperty())
    let screen = RedrawingScreen { Shown(shownSource.value, shownDerived.value) }
    let first = screen.current
    steps.signal(.released)
    try await screen.waitUntilDrawn(Shown(2, 20))

    #expect(first == Shown(1, 10))
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

    #expect(fresh == Shown(2, 10))
    #expect(shown == Shown(1, 10))
  }
}

/// What a view made mid-action gets late: several values, all of them,
/// and then what comes after.
@MainActor
@Suite struct LateJoinTests {
  /// Every value of a merge of two states, both written by an action in
  /// progress, subscribed while it is: both replays wait for the action's
  /// end, and the view goes on receiving after it.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func everyValueOfAViewMadeMidActionArrivesAndTheViewGoesOn() async throws {
    let first = Variable(0)
    let second = Variable(0)
    let action = DispatchSubject<Int>()
    let steps = Steps()
    let writer = action.subscribe { value in
      first.value = value
      second.value = value * 10
      if value == 1 { steps.pass(.deliveringOne, waitingFor: .released) }
    }
    startThread { action.dispatch(1) }
    guard await steps.reached(.deliveringOne) else { return }
    let received = TestRecorder<Int>()

    let token = Observable.merge(first, second)
      .observeOnMainActor(receiving: .everyValue) { received.handler($0) }
    let atOnce = received.values
    steps.signal(.released)
    let afterTheAction = try await received.waitForValues(count: 2)
    await onANewThread { action.dispatch(2) }
    let afterTheNext = try await received.waitForValues(count: 4)

    #expect(atOnce == [])  // a merge has no state to read as of the last finished action
    #expect(afterTheAction == [1, 10])
    #expect(afterTheNext == [1, 10, 2, 20])
    token.dispose()
    writer.dispose()
  }
}

/// A value a view's hop replaces when a frame is committed may run user
/// code as it goes (its `deinit`), and that code may dispatch: the commit
/// holds no lock by then.
@MainActor
@Suite struct CommitReentryTests {
  final class DispatchesWhenFreed: Sendable {
    let subject: DispatchSubject<Int>
    init(_ subject: DispatchSubject<Int>) { self.subject = subject }
    deinit { subject.dispatch(0) }
  }

  @Test func aValueThatDispatchesWhenReplacedDoesNotStopTheCommit() async {
    let state = Variable(0)
    let other = Variable(0)
    let freed = DispatchSubject<Int>()
    let views = [
      state.map { _ in DispatchesWhenFreed(freed) }
        .observeOnMainActor(receiving: .latestValue) { _ in },
      other.observeOnMainActor { _ in },
      freed.observeOnMainActor { _ in },
    ]
    let done = DispatchSemaphore(value: 0)
    let action = DispatchSubject<Int>()
    let writer = action.subscribe { value in
      state.value = value
      other.value = value
    }

    // Two actions whose frames each change two views; the main actor takes
    // no turn between them, so the second replaces the first's value, which
    // dispatches as it goes.
    startThread {
      action.dispatch(1)
      action.dispatch(2)
      done.signal()
    }
    let returned = done.wait(timeout: .now() + 60) == .success

    #expect(
      returned,
      "the actions did not return within a minute: a lock taken twice, or a machine too busy")
    writer.dispose()
    for view in views { view.dispose() }
  }
}

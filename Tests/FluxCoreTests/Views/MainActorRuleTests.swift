import Dispatch
import FluxCore
import FluxCoreTesting
import Observation
import TestSupport
import Testing

/// One rule for the four ways onto the main actor (a handler, an operator,
/// an `@Observable` assignment, the Observation bridge): state defaults to
/// the latest value of each burst and events to every value, and a
/// property's current value reaches a subscriber already on the main actor
/// before the call returns.
///
/// A burst is made on the main actor itself, so no hop can run in between;
/// a later write, delivered by the same main queue in order, shows that
/// nothing else arrived between the burst and it.
@MainActor
@Suite struct MainActorRuleTests {
  /// The four shapes, each as a way to watch a property.
  enum Shape: String, CaseIterable, CustomTestStringConvertible {
    case handler, queueOperator, assignment, observedProperty
    var testDescription: String { rawValue }

    /// The shapes this system has: `observedProperty` needs the
    /// `Observation` module (macOS 14, iOS 17, tvOS 17, watchOS 10).
    static var onThisSystem: [Shape] {
      guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
        return allCases.filter { $0 != .observedProperty }
      }
      return allCases
    }
  }

  /// A main-actor object that `assign(to:on:)` writes to, counting writes.
  @MainActor
  final class Screen {
    let writes = TestRecorder<Int>()
    var count = -1 {
      didSet { writes.handler(count) }
    }
  }

  /// Watches `property` in `shape`; returns what was seen before the call
  /// returned, a recorder of what arrives, and what keeps it alive.
  func watch(_ property: Property<Int>, in shape: Shape) -> (
    atOnce: [Int], seen: TestRecorder<Int>, keep: [Any]
  ) {
    let seen = TestRecorder<Int>()
    switch shape {
    case .handler:
      let token = property.observeOnMainActor { seen.handler($0) }
      return (seen.values, seen, [token])
    case .queueOperator:
      let token = property.observe(on: .main).subscribe(seen.handler)
      return (seen.values, seen, [token])
    case .assignment:
      let screen = Screen()
      let token = property.assign(to: \.count, on: screen)
      return (screen.writes.values, screen.writes, [token, screen])
    case .observedProperty:
      guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
        preconditionFailure("not among Shape.onThisSystem here")
      }
      let observed = ObservedProperty(property)
      // The bridge's own writes, read through Observation as a view does.
      let tracker = ObservationLog(observed)
      return ([observed.value], tracker.seen, [observed, tracker])
    }
  }

  @Test(arguments: Shape.onThisSystem)
  func aPropertysCurrentValueArrivesBeforeTheCallReturns(shape: Shape) {
    let state = Variable(7)

    let (atOnce, _, keep) = watch(state.asProperty(), in: shape)

    #expect(atOnce == [7])
    withExtendedLifetime(keep) {}
  }

  /// The same while a worker thread is still delivering the property (its
  /// latest value queued behind that delivery): the value that arrives is
  /// the latest one, before the call returns.
  @Test(arguments: Shape.onThisSystem)
  func theLatestValueArrivesBeforeTheCallReturnsWhileAnotherThreadDelivers(shape: Shape) throws {
    let state = Variable(7)
    let held = try #require(HeldDelivery(of: state, setting: 8))
    state.value = 9

    let (atOnce, _, keep) = watch(state.asProperty(), in: shape)

    #expect(atOnce == [9])
    #expect(held.release())
    withExtendedLifetime(keep) {}
  }

  /// The same for a property derived from two, one of them being
  /// delivered by a worker thread.
  @Test(arguments: Shape.onThisSystem)
  func aDerivedPropertysLatestValueArrivesBeforeTheCallReturnsWhileAnotherThreadDelivers(
    shape: Shape
  ) throws {
    let state = Variable(7)
    let other = Variable(100)
    let sum = Property(derivedFrom: state.asProperty(), other.asProperty()) { $0 + $1 }
    let held = try #require(HeldDelivery(of: state, setting: 8))
    state.value = 9

    let (atOnce, _, keep) = watch(sum, in: shape)

    #expect(atOnce == [109])
    #expect(held.release())
    withExtendedLifetime(keep) {}
  }

  /// One action that writes a state a thousand times reaches the view
  /// once, with its last value.
  @Test(arguments: Shape.onThisSystem)
  func stateGetsTheLatestValueOfABurstOnly(shape: Shape) async throws {
    let state = Variable(0)
    let burst = DispatchSubject<Int>()
    let token = burst.subscribe { count in
      for value in 1...count { state.value = value }
    }
    let (_, seen, keep) = watch(state.asProperty(), in: shape)
    let start = seen.count

    await onANewThread { burst.dispatch(1_000) }
    try await seen.waitForValues(count: start + 1)
    state.value = -1
    let after = try await seen.waitForValues(count: start + 2)

    #expect(Array(after[start...]) == [1_000, -1])
    token.dispose()
    withExtendedLifetime(keep) {}
  }

  /// Each action the main actor dispatches itself is on the view when it
  /// returns: a handler that writes twice reads its first write back.
  @Test(arguments: Shape.onThisSystem)
  func eachMainActorActionIsOnTheViewWhenItReturns(shape: Shape) {
    let state = Variable(0)
    let (shown, keep) = watchShowing(state.asProperty(), in: shape)

    var readBack: [Int] = []
    for value in 1...3 {
      state.value = value
      readBack.append(shown())
    }

    #expect(readBack == [1, 2, 3])
    withExtendedLifetime(keep) {}
  }

  /// Watches `property` in `shape`; returns how to read what the view shows
  /// now, and what keeps it alive.
  func watchShowing(_ property: Property<Int>, in shape: Shape) -> (
    shown: () -> Int, keep: [Any]
  ) {
    switch shape {
    case .handler, .queueOperator:
      let (_, seen, keep) = watch(property, in: shape)
      return ({ seen.values.last ?? .min }, keep)
    case .assignment:
      let screen = Screen()
      let token = property.assign(to: \.count, on: screen)
      return ({ screen.count }, [token, screen])
    case .observedProperty:
      guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
        preconditionFailure("not among Shape.onThisSystem here")
      }
      let observed = ObservedProperty(property)
      return ({ observed.value }, [observed])
    }
  }

  @Test func eventsGetEveryValueByDefault() async throws {
    let events = DispatchSubject<Int>()
    let handled = TestRecorder<Int>()
    let operated = TestRecorder<Int>()
    let tokens = [
      events.observeOnMainActor { handled.handler($0) },
      events.observe(on: .main).subscribe(operated.handler),
    ]

    for value in 1...1_000 { events.dispatch(value) }

    #expect(try await handled.waitForValues(count: 1_000) == Array(1...1_000))
    #expect(try await operated.waitForValues(count: 1_000) == Array(1...1_000))
    for token in tokens { token.dispose() }
  }

  /// An explicit mode wins over the source's.
  @Test func anExplicitModeWins() async throws {
    let state = Variable(0)
    let every = TestRecorder<Int>()
    let token = state.observeOnMainActor(receiving: .everyValue) { every.handler($0) }

    for value in 1...100 { state.value = value }

    #expect(try await every.waitForValues(count: 101) == Array(0...100))
    token.dispose()
  }

  /// What is derived from state is state; what events take part in is
  /// events.
  @Test func operatorsKeepTheirSourcesKind() {
    let state = Variable(0)
    let other = Variable("")
    let events = DispatchSubject<Int>()
    let clock = TestClock()

    let stateStreams: [DeliveryMode] = [
      state.preferredDeliveryMode, state.asProperty().preferredDeliveryMode,
      state.changed.preferredDeliveryMode, state.asObservable().preferredDeliveryMode,
      state.map { $0 + 1 }.preferredDeliveryMode, state.filter { $0 > 0 }.preferredDeliveryMode,
      state.compactMap { $0 }.preferredDeliveryMode,
      state.distinctUntilChanged().preferredDeliveryMode,
      state.skip(1).take(2).preferredDeliveryMode, state.startWith(1).preferredDeliveryMode,
      state.scan(0, +).preferredDeliveryMode, state.withLatestFrom(events).preferredDeliveryMode,
      state.debounce(for: .seconds(1), clock: clock).preferredDeliveryMode,
      state.throttle(for: .seconds(1), clock: clock).preferredDeliveryMode,
      state.observe(on: .main).preferredDeliveryMode,
      Observable.combineLatest(state, other).preferredDeliveryMode,
      Observable.combineLatest(state, other, state).preferredDeliveryMode,
      Observable.merge(state, state.changed).preferredDeliveryMode,
      Property(derivedFrom: state.asProperty()) { $0 * 2 }.preferredDeliveryMode,
    ]
    let eventStreams: [DeliveryMode] = [
      events.preferredDeliveryMode, events.map { $0 }.preferredDeliveryMode,
      events.withLatestFrom(state).preferredDeliveryMode,
      Observable.combineLatest(state, events).preferredDeliveryMode,
      Observable.merge(state, events).preferredDeliveryMode,
      Observable<Int> { _ in AnyDisposable {} }.preferredDeliveryMode,
    ]

    #expect(stateStreams.allSatisfy { $0 == .latestValue })
    #expect(eventStreams.allSatisfy { $0 == .everyValue })
  }

  /// A combination of two properties, watched from the main actor, starts
  /// with their current values at once, follows each main-actor action at
  /// once, and draws only the last pair of a burst from another thread.
  @Test func derivedStateFollowsTheRule() async throws {
    let count = Variable(1)
    let title = Variable("a")
    let drawn = TestRecorder<String>()
    let token = Observable.combineLatest(count, title) { "\($0)\($1)" }
      .observeOnMainActor { drawn.handler($0) }
    let atOnce = drawn.values

    count.value = 2
    title.value = "b"
    let afterMainActorActions = drawn.values
    let both = DispatchSubject<Void>()
    let writer = both.subscribe { _ in
      count.value = 3
      title.value = "c"
    }
    await onANewThread { both.dispatch(()) }

    #expect(atOnce == ["1a"])
    #expect(afterMainActorActions == ["1a", "2a", "2b"])
    #expect(try await drawn.waitForValues(count: 4) == ["1a", "2a", "2b", "3c"])
    writer.dispose()
    token.dispose()
  }

  /// Off the main actor, the current value comes with the first hop, on
  /// the main actor.
  @Test func aSubscriberElsewhereGetsTheCurrentValueOnTheMainActor() async throws {
    let state = Variable(3)
    let seen = TestRecorder<Int>()

    let token = await Task.detached {
      state.observeOnMainActor { value in
        dispatchPrecondition(condition: .onQueue(.main))
        seen.handler(value)
      }
    }.value

    #expect(try await seen.waitForValues(count: 1) == [3])
    token.dispose()
  }
}

/// Records each value an ``ObservedProperty`` takes, read through
/// Observation after every change, as a SwiftUI view rereads its body.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class ObservationLog {
  let seen = TestRecorder<Int>()
  private let observed: ObservedProperty<Int>

  init(_ observed: ObservedProperty<Int>) {
    self.observed = observed
    track()
  }

  private func track() {
    withObservationTracking {
      _ = observed.value
    } onChange: { [weak self] in
      // Called before the write: read it once it is made.
      Task { @MainActor in
        guard let self else { return }
        self.seen.handler(self.observed.value)
        self.track()
      }
    }
  }
}

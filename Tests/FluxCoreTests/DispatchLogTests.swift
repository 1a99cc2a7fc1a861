import FluxCore
import FluxCoreTesting
import XCTest

final class DispatchLogTests: XCTestCase {
  /// Logging is decided when an action is dispatched, not when the observer
  /// was taken from the view: an action creator that keeps
  /// `let loading = dispatcher.loading` from before the log started is
  /// logged too.
  func testAnObserverTakenFromAViewBeforeTheLogStartedIsLogged() {
    let dispatcher = TestDispatcher()
    let loading = AnyObserverDispatcher(dispatcher).loading
    let log = TestRecorder<String>()

    loading.dispatch(false)  // before anything observes: not logged
    let observation = DispatchLog.observe(dispatcher) { log.handler("\($0)") }
    loading.dispatch(true)
    observation.dispose()
    loading.dispatch(false)

    assertValues(log, equal: ["TestDispatcher.loading ← true"])
  }

  func testALogOfOneDispatcherSeesNothingOfAnother() {
    let mine = TestDispatcher()
    let other = TestDispatcher()
    let log = TestRecorder<String>()
    let everything = TestRecorder<String>()
    let observation = DispatchLog.observe(mine) { log.handler("\($0.value)") }
    let global = DispatchLog.observe { everything.handler("\($0.value)") }

    AnyObserverDispatcher(other).loading.dispatch(true)
    AnyObserverDispatcher(mine).loading.dispatch(false)
    AnyObserverDispatcher(other).items.dispatch(["x"])
    observation.dispose()
    global.dispose()

    assertValues(log, equal: ["false"])
    assertValues(everything, equal: ["true", "false", #"["x"]"#])
  }

  func testALogOfADispatcherKeepsItAliveUntilItEnds() {
    weak var freed: TestDispatcher?
    let observation: any Disposable
    do {
      let dispatcher = TestDispatcher()
      freed = dispatcher
      observation = DispatchLog.observe(dispatcher) { _ in }
    }

    let aliveWhileObserved = freed != nil
    observation.dispose()

    XCTAssertTrue(aliveWhileObserved)
    XCTAssertNil(freed)
  }

  func testActionsThroughTheObserverViewAreLoggedWithDispatcherAndSubject() {
    let dispatcher = TestDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let log = TestRecorder<String>()
    let observation = DispatchLog.observe { log.handler("\($0)") }

    actions.loading.dispatch(true)
    actions.items.dispatch(["a", "b"])
    observation.dispose()

    assertValues(
      log, equal: ["TestDispatcher.loading ← true", #"TestDispatcher.items ← ["a", "b"]"#])
  }

  func testAnActionIsLoggedBeforeItIsDelivered() {
    let dispatcher = TestDispatcher()
    let events = TestRecorder<String>()
    let store = dispatcher.loading.subscribe { events.handler("delivered \($0)") }
    let observation = DispatchLog.observe { events.handler("logged \($0.value)") }

    AnyObserverDispatcher(dispatcher).loading.dispatch(false)
    observation.dispose()

    assertValues(events, equal: ["logged false", "delivered false"])
    store.dispose()
  }

  func testNothingIsLoggedWhenNobodyObservesOrWhenSentToTheSubjectDirectly() {
    let dispatcher = TestDispatcher()
    let log = TestRecorder<String>()
    let before = DispatchLog.isActive

    AnyObserverDispatcher(dispatcher).loading.dispatch(true)
    let observation = DispatchLog.observe { log.handler($0.label) }
    let during = DispatchLog.isActive
    dispatcher.loading.dispatch(true)  // not through a view
    observation.dispose()
    AnyObserverDispatcher(dispatcher).loading.dispatch(false)

    XCTAssertFalse(before)
    XCTAssertTrue(during)
    XCTAssertFalse(DispatchLog.isActive)
    assertValues(log, equal: [])
  }

  func testEveryObserverSeesEveryAction() {
    let dispatcher = TestDispatcher()
    let first = TestRecorder<String>()
    let second = TestRecorder<String>()
    let observations = [
      DispatchLog.observe { first.handler($0.label) },
      DispatchLog.observe { second.handler($0.label) },
    ]

    AnyObserverDispatcher(dispatcher).items.dispatch([])
    for observation in observations { observation.dispose() }

    assertValues(first, equal: ["TestDispatcher.items"])
    assertValues(second, equal: ["TestDispatcher.items"])
  }

  func testEndingOneObservationKeepsTheOthersLogging() {
    let dispatcher = TestDispatcher()
    let kept = TestRecorder<String>()
    let ended = DispatchLog.observe { _ in }
    let observation = DispatchLog.observe { kept.handler($0.label) }

    ended.dispose()
    AnyObserverDispatcher(dispatcher).loading.dispatch(true)
    observation.dispose()

    assertValues(kept, equal: ["TestDispatcher.loading"])
  }

  func testTwoSubjectsOfOneTypeInOneDispatcherAreLabelledByTheirOwnNames() {
    final class Flags: DispatcherType {
      static let shared = Flags()
      let isLoading = DispatchSubject<Bool>()
      let isOffline = DispatchSubject<Bool>()
    }
    let flags = Flags()
    let log = TestRecorder<String>()
    let observation = DispatchLog.observe { log.handler("\($0)") }

    AnyObserverDispatcher(flags).isOffline.dispatch(true)
    AnyObserverDispatcher(flags).isLoading.dispatch(false)
    AnyObserverDispatcher(flags).isOffline.dispatch(false)
    observation.dispose()

    assertValues(
      log, equal: ["Flags.isOffline ← true", "Flags.isLoading ← false", "Flags.isOffline ← false"])
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// A dispatcher, and another that a store's handlers report to.
final class ImportDispatcher: DispatcherType {
  static let shared = ImportDispatcher()
  let rows = DispatchSubject<Int>()
}

final class AnalyticsDispatcher: DispatcherType {
  static let shared = AnalyticsDispatcher()
  let events = DispatchSubject<String>()
}

/// A store that relays each row into a subject of its own, whose handlers
/// report to another dispatcher: what one action causes reaches three
/// subjects.
final class ImportStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let accepted = DispatchSubject<Int>()

  init(_ rows: AnyObservableDispatcher<ImportDispatcher>, analytics: AnalyticsDispatcher) {
    super.init()
    bind(rows.rows.filter { $0 >= 0 }, to: accepted)
    let events = AnyObserverDispatcher(analytics).events
    accepted.subscribe { events.dispatch("accepted \($0)") }.disposed(by: disposeBag)
  }
}

/// Waiting for everything an action caused, along the chain.
///
/// `waitUntilDelivered()` waits for one subject. To wait for everything an
/// action caused, wait along the chain, in the order the events flow: the
/// dispatcher's subject, then the store's own subject it relays into, then
/// the subject its handlers dispatch to (the Guarantees article's pattern).
final class WaitForWhatAnActionCausedTests: XCTestCase {
  /// The dispatcher's wait returns with a relayed event still queued.
  ///
  /// Another thread is delivering the store's own subject: the relayed
  /// event waits in its queue after the dispatcher's wait returns. The wait
  /// on the store's subject, after it, covers it.
  func testTheDispatchersWaitDoesNotCoverARelayTheWaitAlongTheChainDoes() async {
    let actions = DispatchSubject<Int>()
    let relay = HeldSubject()  // the store's own subject
    let relaying = actions.subscribe { relay.subject.dispatch($0 * 10) }
    relay.hold()  // its delivery of 0 is held on another thread

    actions.dispatch(1)
    await actions.waitUntilDelivered()
    let afterTheDispatchersWait = relay.recorder.values
    relay.release()
    await relay.subject.waitUntilDelivered()

    XCTAssertEqual(afterTheDispatchersWait, [0], "the relayed 10 is still on its way")
    XCTAssertEqual(relay.recorder.values, [0, 10])
    relay.finish()
    relaying.dispose()
  }

  /// Actions from two threads, while a third sends to the store's own
  /// subject directly (so that its deliveries pass from thread to thread):
  /// after the wait along the chain, every row relayed and every analytics
  /// event has arrived, in each of 900 rounds.
  func testAfterTheWaitAlongTheChainEverythingTheActionsCausedHasArrived() async {
    for round in 0..<900 {
      let dispatcher = ImportDispatcher()
      let analytics = AnalyticsDispatcher()
      let store = ImportStore(AnyObservableDispatcher(dispatcher), analytics: analytics)
      let accepted = Counter()
      let events = Counter()
      let bag = DisposeBag()
      store.accepted.subscribe { _ in accepted.increment() }.disposed(by: bag)
      analytics.events.subscribe { _ in events.increment() }.disposed(by: bag)
      let rows = AnyObserverDispatcher(dispatcher).rows

      runOnThreads(3) { thread in
        for row in 0..<20 {
          if thread < 2 { rows.dispatch(row) } else { store.accepted.dispatch(-1) }
        }
      }
      await dispatcher.rows.waitUntilDelivered()
      await store.accepted.waitUntilDelivered()
      await analytics.events.waitUntilDelivered()

      XCTAssertEqual(accepted.value, 60, "round \(round)")
      XCTAssertEqual(events.value, 60, "round \(round)")
      if accepted.value != 60 || events.value != 60 { return }
    }
  }
}

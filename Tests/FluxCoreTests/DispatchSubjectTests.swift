import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class DispatchSubjectTests: XCTestCase {
  func testDispatchDeliversToEverySubscriberInSubscriptionOrder() {
    let subject = DispatchSubject<Int>()
    let calls = TestRecorder<String>()
    let first = subject.subscribe { calls.handler("first \($0)") }
    let second = subject.subscribe { calls.handler("second \($0)") }

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(calls.values, ["first 1", "second 1", "first 2", "second 2"])
    first.dispose()
    second.dispose()
  }

  func testDispatchWithoutSubscribersDoesNothing() {
    let subject = DispatchSubject<Int>()

    subject.dispatch(1)
    let recorder = TestRecorder<Int>()
    let subscription = subject.subscribe(recorder.handler)

    XCTAssertEqual(recorder.values, [])
    subscription.dispose()
  }

  func testIdleDispatchRunsHandlersBeforeReturning() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.subscribe(recorder.handler)

    subject.dispatch(7)

    XCTAssertEqual(recorder.values, [7])
    subscription.dispose()
  }

  func testAsObserverDispatchesToTheSubject() {
    let subject = DispatchSubject<String>()
    let recorder = TestRecorder<String>()
    let subscription = subject.subscribe(recorder.handler)

    subject.asObserver().dispatch("a")
    AnyObserver(subject).dispatch("b")

    XCTAssertEqual(recorder.values, ["a", "b"])
    subscription.dispose()
  }

  func testAnyObserverFromAClosureCallsIt() {
    let recorder = TestRecorder<Int>()
    let observer = AnyObserver(recorder.handler)

    observer.dispatch(1)
    AnyObserver(observer).dispatch(2)

    XCTAssertEqual(recorder.values, [1, 2])
  }

  func testAsObservableSubscribesToTheSubject() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.asObservable().subscribe(recorder.handler)

    subject.dispatch(3)

    XCTAssertEqual(recorder.values, [3])
    subscription.dispose()
  }

  func testSubscriptionCountFollowsSubscribeAndDispose() {
    let subject = DispatchSubject<Int>()

    let first = subject.subscribe { _ in }
    let second = subject.subscribe { _ in }
    let countWithTwo = subject.subscriptionCount
    first.dispose()
    first.dispose()
    let countWithOne = subject.subscriptionCount
    second.dispose()

    XCTAssertEqual(countWithTwo, 2)
    XCTAssertEqual(countWithOne, 1)
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testSlotsFreedByDisposeAreReusedWithoutMixingUpTokens() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<String>()
    let old = subject.subscribe { recorder.handler("old \($0)") }
    old.dispose()
    let new = subject.subscribe { recorder.handler("new \($0)") }

    old.dispose()  // a stale token must not end the slot's new tenant
    subject.dispatch(1)

    XCTAssertEqual(recorder.values, ["new 1"])
    XCTAssertEqual(subject.subscriptionCount, 1)
    new.dispose()
  }

  func testSubscribersKeepSubscriptionOrderAcrossDisposals() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<String>()
    let subscriptions = (0..<5).map { index in
      subject.subscribe { recorder.handler("s\(index) \($0)") }
    }
    subscriptions[1].dispose()
    subscriptions[3].dispose()
    let late = subject.subscribe { recorder.handler("late \($0)") }

    subject.dispatch(1)

    XCTAssertEqual(recorder.values, ["s0 1", "s2 1", "s4 1", "late 1"])
    for subscription in (subscriptions + [late]) { subscription.dispose() }
  }

  func testHandlerDispatchDeep100000TimesDoesNotOverflowTheStack() {
    let subject = DispatchSubject<Int>()
    let total = Counter()
    let subscription = subject.subscribe { value in
      total.increment()
      if value < 100_000 {
        subject.dispatch(value + 1)
      }
    }

    subject.dispatch(1)

    XCTAssertEqual(total.value, 100_000)
    subscription.dispose()
  }
}

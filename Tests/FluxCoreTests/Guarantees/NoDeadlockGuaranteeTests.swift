import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 3: a handler may dispatch, subscribe or dispose on any subject;
/// a subscription made during a delivery starts with the next event.
final class NoDeadlockGuaranteeTests: XCTestCase {
  func testSubscriptionMadeDuringDeliveryStartsWithTheNextEvent() {
    let subject = DispatchSubject<Int>()
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    subject.subscribe { value in
      if value == 1 {
        subject.subscribe(late.handler).disposed(by: bag)
        subject.dispatch(2)
      }
    }.disposed(by: bag)

    subject.dispatch(1)
    subject.dispatch(3)

    XCTAssertEqual(late.values, [2, 3])
  }

  func testSubscriptionMadeBehindQueuedEventsDoesNotSeeThem() {
    let subject = DispatchSubject<Int>()
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    subject.subscribe { value in
      if value == 1 {
        subject.dispatch(2)  // queued before the subscription below
        subject.subscribe(late.handler).disposed(by: bag)
        subject.dispatch(3)  // queued after it
      }
    }.disposed(by: bag)

    subject.dispatch(1)

    XCTAssertEqual(late.values, [3])
  }

  func testHandlersThatDispatchSubscribeAndDisposeOnOtherSubjectsFinish() {
    let requests = DispatchSubject<Int>()
    let responses = DispatchSubject<Int>()
    let received = Counter()
    let bag = DisposeBag()
    // requests → responses, and responses subscribe/dispose on requests.
    requests.subscribe { value in responses.dispatch(value) }.disposed(by: bag)
    responses.subscribe { value in
      received.increment()
      let temporary = requests.subscribe { _ in }
      if value % 2 == 0 { requests.dispatch(-1) }
      temporary.dispose()
    }.disposed(by: bag)

    runOnThreads(4) { thread in
      for index in 0..<2_000 {
        if thread % 2 == 0 {
          requests.dispatch(index)
        } else {
          responses.dispatch(index)
        }
      }
    }
    // A chain is at most requests → responses → requests → responses long.
    expectDelivered(requests, responses, requests, responses)

    // 4 000 requests plus 4 000 direct responses, and every even value among
    // them triggers one more request (-1, which is odd).
    XCTAssertEqual(received.value, 8_000 + 4_000)
    XCTAssertEqual(requests.subscriptionCount, 1)
  }

  func testHandlerMayDisposeItselfAndOthersWhileThreadsDispatch() {
    for _ in 0..<20 {
      let subject = DispatchSubject<Int>()
      let bag = DisposeBag()
      let stable = Counter()
      subject.subscribe { _ in stable.increment() }.disposed(by: bag)
      let victims = (0..<50).map { _ in subject.subscribe { _ in } }
      let selfDisposed = Counter()
      let holder = DisposableHolder()
      holder.set(
        subject.subscribe { value in
          selfDisposed.increment()
          holder.disposeAll()
          victims[value % victims.count].dispose()
        })

      runOnThreads(4) { thread in
        for index in 0..<500 {
          subject.dispatch(thread * 500 + index)
        }
      }
      expectDelivered(subject)

      XCTAssertEqual(stable.value, 2_000)
      XCTAssertEqual(selfDisposed.value, 1)
      for victim in victims { victim.dispose() }
      XCTAssertEqual(subject.subscriptionCount, 1)
    }
  }
}

/// Holds a disposable that a handler created before it was returned.
final class DisposableHolder: Sendable {
  private let held = Lock<[any Disposable]>([])

  func set(_ disposable: any Disposable) {
    held.withLock { $0.append(disposable) }
  }

  func disposeAll() {
    for token in held.withLock({ $0 }) { token.dispose() }
  }
}

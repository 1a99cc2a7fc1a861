import FluxCore
import FluxCoreTesting
import XCTest

/// What happens on each misuse is defined, documented, and (where it does not
/// trap) tested.
///
/// Elsewhere: negative `skip` and `take` counts (SkipAndTakeTests), dispatching
/// after the dispatcher is gone (DispatcherViewTests), re-dispatching 100 000
/// times from a handler (DispatchSubjectTests).
final class MisuseTests: XCTestCase {
  /// Subscribes to `target` and disposes `token` when it is deinitialized.
  final class ActsOnDeinit: Sendable {
    let target: DispatchSubject<Int>
    let token: any Disposable
    let subscribed: TestRecorder<Int>
    let bag: DisposeBag

    init(
      target: DispatchSubject<Int>, disposing token: any Disposable, recordInto: TestRecorder<Int>,
      bag: DisposeBag
    ) {
      self.target = target
      self.token = token
      subscribed = recordInto
      self.bag = bag
    }

    deinit {
      target.subscribe(subscribed.handler).disposed(by: bag)
      token.dispose()
    }
  }

  func testADeinitRunByDisposeMaySubscribeAndDispose() {
    let subject = DispatchSubject<Int>()
    let other = TestRecorder<Int>()
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    let otherToken = subject.subscribe(other.handler)
    var token: (any Disposable)?
    do {
      let actor = ActsOnDeinit(target: subject, disposing: otherToken, recordInto: late, bag: bag)
      token = subject.subscribe { _ in _ = actor }
    }
    subject.dispatch(1)  // the snapshot holds the handler

    token?.dispose()  // releases the handler, and so runs the deinit, inside dispose
    subject.dispatch(2)

    XCTAssertEqual(other.values, [1])
    XCTAssertEqual(late.values, [2])
    XCTAssertEqual(subject.subscriptionCount, 1)
  }

  func testADeinitRunAtTheEndOfADeliveryMaySubscribeAndDisposeOnTheSameSubject() {
    let subject = DispatchSubject<Int>()
    let other = TestRecorder<Int>()
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    let otherToken = subject.subscribe(other.handler)
    let holder = DisposableHolder()
    do {
      let actor = ActsOnDeinit(target: subject, disposing: otherToken, recordInto: late, bag: bag)
      holder.set(
        subject.subscribe { _ in
          _ = actor
          holder.disposeAll()  // the snapshot is dropped, and the deinit runs, as the delivery ends
        })
    }

    subject.dispatch(1)
    subject.dispatch(2)

    XCTAssertEqual(other.values, [1])
    XCTAssertEqual(late.values, [2])
  }

  func testADeinitRunByTheSubjectsOwnDeinitMaySubscribeAndDisposeElsewhere() {
    let elsewhere = DispatchSubject<Int>()
    let other = TestRecorder<Int>()
    let late = TestRecorder<Int>()
    let bag = DisposeBag()
    let otherToken = elsewhere.subscribe(other.handler)
    do {
      let subject = DispatchSubject<Int>()
      let actor = ActsOnDeinit(target: elsewhere, disposing: otherToken, recordInto: late, bag: bag)
      // The token is dropped undisposed: the subscription lives until the
      // subject goes, and the subject's deinit releases the handler.
      _ = subject.subscribe { _ in _ = actor }
      elsewhere.dispatch(1)
      XCTAssertEqual(other.values, [1])
    }

    elsewhere.dispatch(3)

    XCTAssertEqual(other.values, [1])
    XCTAssertEqual(late.values, [3])
  }
}

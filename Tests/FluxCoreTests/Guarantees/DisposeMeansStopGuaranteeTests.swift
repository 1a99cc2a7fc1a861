import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 4: after `dispose()` returns, the subscription receives no event
/// dispatched afterwards; disposing twice is harmless.
final class DisposeMeansStopGuaranteeTests: XCTestCase {
  func testDisposeStopsDelivery() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.subscribe(recorder.handler)

    subject.dispatch(1)
    subscription.dispose()
    subject.dispatch(2)

    XCTAssertEqual(recorder.values, [1])
  }

  func testDisposeFromInsideTheHandlerStopsDelivery() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let holder = DisposableHolder()
    holder.set(
      subject.subscribe { value in
        recorder.handler(value)
        if value == 2 { holder.disposeAll() }
      })

    for value in 1...5 { subject.dispatch(value) }

    XCTAssertEqual(recorder.values, [1, 2])
    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testDisposeFromInsideTheHandlerDropsEventsItAlreadyQueued() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let holder = DisposableHolder()
    holder.set(
      subject.subscribe { value in
        recorder.handler(value)
        if value == 1 {
          subject.dispatch(2)
          holder.disposeAll()
        }
      })

    subject.dispatch(1)

    XCTAssertEqual(recorder.values, [1])
  }

  func testDisposingALaterSubscriberDuringAnEventSkipsItForThatEvent() {
    let subject = DispatchSubject<Int>()
    let later = TestRecorder<Int>()
    let holder = DisposableHolder()
    let first = subject.subscribe { _ in holder.disposeAll() }
    holder.set(subject.subscribe(later.handler))

    subject.dispatch(1)

    XCTAssertEqual(later.values, [])
    first.dispose()
  }

  func testDisposeTwiceIsHarmless() {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder<Int>()
    let subscription = subject.subscribe(recorder.handler)
    let other = subject.subscribe(recorder.handler)

    subscription.dispose()
    subscription.dispose()
    subject.dispatch(1)

    XCTAssertEqual(recorder.values, [1])
    XCTAssertEqual(subject.subscriptionCount, 1)
    other.dispose()
  }

  func testDisposeAfterTheSubjectIsGoneIsHarmless() {
    var subject: DispatchSubject<Int>? = DispatchSubject()
    let subscription = subject!.subscribe { _ in }

    subject = nil
    subscription.dispose()

    XCTAssertNil(subject)
  }

  func testNoEventDispatchedAfterDisposeReturnsIsReceivedWhileAnotherThreadDispatches() {
    for _ in 0..<100 {
      let subject = DispatchSubject<Int>()
      let received = TestAtomic(-1)
      let started = WorkerProgress()
      let stop = TestAtomic(false)
      let subscription = subject.subscribe { value in
        received.max(value, ordering: .relaxed)
      }
      let finished = DispatchSemaphore(value: 0)
      let dispatcher = Thread {
        defer { finished.signal() }
        var value = 1
        while !stop.load(ordering: .relaxed) {
          started.advance(to: value)
          subject.dispatch(value)
          value += 1
        }
      }
      dispatcher.start()
      guard started.wait(until: 50, timeout: .seconds(10)) else {
        XCTFail("the dispatching thread made no progress")
        stop.store(true, ordering: .relaxed)
        finished.wait()
        return
      }

      subscription.dispose()
      // Every dispatch numbered above this one began after dispose returned.
      let lastStartedBeforeReturn = started.step
      XCTAssertTrue(started.wait(until: lastStartedBeforeReturn + 50, timeout: .seconds(10)))
      stop.store(true, ordering: .relaxed)
      finished.wait()

      XCTAssertLessThanOrEqual(received.load(ordering: .relaxed), lastStartedBeforeReturn)
    }
  }

  func testSubscribeAndDisposeNeverDeliverOtherThreadsEventsOnTheCallingThread() {
    let subject = DispatchSubject<Int>()
    let disposer = currentThreadNumber()
    let deliveredOnDisposer = TestAtomic(0)
    let stable = subject.subscribe { _ in
      if currentThreadNumber() == disposer {
        deliveredOnDisposer.add(1, ordering: .relaxed)
      }
    }
    let dispatched = WorkerProgress()
    let stop = TestAtomic(false)
    let finished = DispatchSemaphore(value: 0)
    let producer = Thread {
      defer {
        dispatched.advance(to: .max)  // wakes a waiter: no more will come
        finished.signal()
      }
      var value = 1
      while !stop.load(ordering: .relaxed) {
        subject.dispatch(value)
        dispatched.advance(to: value)
        value += 1
      }
    }
    producer.start()

    for _ in 0..<300 {
      let received = DispatchSemaphore(value: 0)
      let first = TestAtomic(true)
      // Released on the disposing thread when dispose drops the snapshot; it
      // then waits for the producer, which must not need this thread to deliver.
      let capture = WaitsForProducerOnDeinit(dispatched, ifOn: disposer)
      let subscription = subject.subscribe { _ in
        _ = capture
        if first.exchange(false, ordering: .relaxed) { received.signal() }
      }
      // Once it has received an event, it is in the delivery snapshot.
      guard received.wait(timeout: .now() + .seconds(10)) == .success else {
        XCTFail("the subscription never received an event")
        subscription.dispose()
        break
      }
      subscription.dispose()
    }
    stop.store(true, ordering: .relaxed)
    finished.wait()

    XCTAssertEqual(deliveredOnDisposer.load(ordering: .relaxed), 0)
    stable.dispose()
  }
}

/// On deinit, on the given thread only, waits until three more events have
/// been dispatched (or ten seconds have passed: a deadlock shows as a
/// failure of the test, not a hang).
final class WaitsForProducerOnDeinit: Sendable {
  let dispatched: WorkerProgress
  let thread: UInt

  init(_ dispatched: WorkerProgress, ifOn thread: UInt) {
    self.dispatched = dispatched
    self.thread = thread
  }

  deinit {
    guard currentThreadNumber() == thread else { return }
    let target = dispatched.step + 3
    XCTAssertTrue(
      dispatched.wait(until: target, timeout: .seconds(10)),
      "the producer could not dispatch while this thread released a handler")
  }
}

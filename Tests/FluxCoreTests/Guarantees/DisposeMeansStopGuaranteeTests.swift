import FluxCore
import FluxCoreTesting
import Synchronization
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
      let received = Atomic(-1)
      let started = Atomic(-1)
      let stop = Atomic(false)
      let subscription = subject.subscribe { value in
        received.max(value, ordering: .relaxed)
      }
      let finished = DispatchSemaphore(value: 0)
      let dispatcher = Thread {
        defer { finished.signal() }
        var value = 0
        while !stop.load(ordering: .relaxed) {
          started.store(value, ordering: .sequentiallyConsistent)
          subject.dispatch(value)
          value += 1
        }
      }
      dispatcher.start()
      guard spin(until: { started.load(ordering: .relaxed) >= 50 }) else {
        XCTFail("the dispatching thread made no progress")
        stop.store(true, ordering: .relaxed)
        finished.wait()
        return
      }

      subscription.dispose()
      // Every dispatch numbered above this one began after dispose returned.
      let lastStartedBeforeReturn = started.load(ordering: .sequentiallyConsistent)
      XCTAssertTrue(spin { started.load(ordering: .relaxed) >= lastStartedBeforeReturn + 50 })
      stop.store(true, ordering: .relaxed)
      finished.wait()

      XCTAssertLessThanOrEqual(received.load(ordering: .relaxed), lastStartedBeforeReturn)
    }
  }

  func testSubscribeAndDisposeNeverDeliverOtherThreadsEventsOnTheCallingThread() {
    let subject = DispatchSubject<Int>()
    let disposer = pthread_self()
    let deliveredOnDisposer = Atomic(0)
    let stable = subject.subscribe { _ in
      if pthread_equal(pthread_self(), disposer) != 0 {
        deliveredOnDisposer.add(1, ordering: .relaxed)
      }
    }
    let dispatched = SharedCount()
    let stop = SharedFlag()
    let finished = DispatchSemaphore(value: 0)
    let producer = Thread {
      defer { finished.signal() }
      var value = 0
      while !stop.value.load(ordering: .relaxed) {
        subject.dispatch(value)
        dispatched.value.add(1, ordering: .sequentiallyConsistent)
        value += 1
      }
    }
    producer.start()

    for _ in 0..<300 {
      let received = Atomic(false)
      // Released on the disposing thread when dispose drops the snapshot; it
      // then waits for the producer, which must not need this thread to deliver.
      let capture = WaitsForProducerOnDeinit(dispatched: dispatched, stop: stop, ifOn: disposer)
      let subscription = subject.subscribe { _ in
        _ = capture
        received.store(true, ordering: .relaxed)
      }
      // Once it has received an event, it is in the delivery snapshot.
      guard spin(until: { received.load(ordering: .relaxed) }) else {
        XCTFail("the subscription never received an event")
        subscription.dispose()
        break
      }
      subscription.dispose()
    }
    stop.value.store(true, ordering: .relaxed)
    finished.wait()

    XCTAssertEqual(deliveredOnDisposer.load(ordering: .relaxed), 0)
    stable.dispose()
  }
}

/// A count that several threads share.
final class SharedCount: Sendable {
  let value = Atomic(0)
}

/// A flag that several threads share.
final class SharedFlag: Sendable {
  let value = Atomic(false)
}

/// On deinit, on the given thread only, waits until three more events have
/// been dispatched, or the producer has stopped.
final class WaitsForProducerOnDeinit: Sendable {
  let dispatched: SharedCount
  let stop: SharedFlag
  let thread: pthread_t

  init(dispatched: SharedCount, stop: SharedFlag, ifOn thread: pthread_t) {
    self.dispatched = dispatched
    self.stop = stop
    self.thread = thread
  }

  deinit {
    guard pthread_equal(pthread_self(), thread) != 0 else { return }
    let target = dispatched.value.load(ordering: .sequentiallyConsistent) + 3
    spin {
      dispatched.value.load(ordering: .sequentiallyConsistent) >= target
        || stop.value.load(ordering: .relaxed)
    }
  }
}

import FluxCore
import Testing

/// Guarantee 10, "on the main actor, at once", and guarantee 8 together:
/// the views a main-actor action changed get it before `dispatch` returns,
/// once the subject is idle again, so that a view's handler that sends to
/// the same subject has its event delivered when its own `dispatch`
/// returns, as any caller on an idle subject does.
///
/// (The action's frame is committed before the subject is given back, so
/// that a waiter never finds the subject idle before the commit; the
/// handlers run after.)
@MainActor
@Suite struct AtOnceAfterTheRoleTests {
  @Test func aViewsHandlerThatSendsToItsSubjectFindsItIdle() {
    let subject = DispatchSubject<Int>()
    let log = HandlerLog()
    let plain = subject.subscribe { value in
      MainActor.assumeIsolated { log.received.append(value) }
    }
    let view = subject.observeOnMainActor { value in
      guard value == 1 else { return }
      subject.dispatch(2)
      log.receivedWhenItReturned = log.received
    }

    subject.dispatch(1)

    #expect(log.receivedWhenItReturned == [1, 2])
    view.dispose()
    plain.dispose()
  }
}

/// What the test's subscribers saw, on the main actor.
@MainActor
private final class HandlerLog {
  var received: [Int] = []
  var receivedWhenItReturned: [Int]?
}

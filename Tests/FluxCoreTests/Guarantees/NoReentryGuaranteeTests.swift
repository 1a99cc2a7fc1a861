import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// Guarantee 2: a subscriber is never called again while its previous call is
/// still running.
final class NoReentryGuaranteeTests: XCTestCase {
  /// Counts handler calls that are running at once.
  final class Overlap: Sendable {
    let running = TestAtomic(0)
    let maximum = TestAtomic(0)
    let calls = TestAtomic(0)

    func enter() {
      let now = running.add(1, ordering: .sequentiallyConsistent).newValue
      maximum.max(now, ordering: .sequentiallyConsistent)
      calls.add(1, ordering: .relaxed)
    }

    func leave() {
      running.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  func testSubscriberIsNeverEnteredTwiceAtOnceUnderFourDispatchingThreads() {
    let subject = DispatchSubject<Int>()
    let overlap = Overlap()
    let subscription = subject.subscribe { value in
      overlap.enter()
      // Stay inside long enough for other threads to try to get in.
      var spin = value
      for _ in 0..<200 { spin = spin &* 31 &+ 7 }
      blackHole(spin)
      overlap.leave()
    }

    runOnThreads(4) { _ in
      for index in 0..<20_000 {
        subject.dispatch(index)
      }
    }
    expectDelivered(subject)

    XCTAssertEqual(overlap.maximum.load(ordering: .relaxed), 1)
    XCTAssertEqual(overlap.calls.load(ordering: .relaxed), 80_000)
    subscription.dispose()
  }

  func testHandlerThatDispatchesToItsOwnSubjectIsNotReentered() {
    let subject = DispatchSubject<Int>()
    let overlap = Overlap()
    let subscription = subject.subscribe { value in
      overlap.enter()
      if value < 1_000 {
        subject.dispatch(value + 1)
        subject.dispatch(value + 1_000_000)
      }
      overlap.leave()
    }

    subject.dispatch(0)

    XCTAssertEqual(overlap.maximum.load(ordering: .relaxed), 1)
    XCTAssertEqual(overlap.calls.load(ordering: .relaxed), 2_001)
    subscription.dispose()
  }

  func testVariableSubscriberIsNeverEnteredTwiceAtOnceUnderConcurrentWrites() {
    let variable = Variable(0)
    let overlap = Overlap()
    let subscription = variable.subscribe { _ in
      overlap.enter()
      overlap.leave()
    }

    runOnThreads(4) { _ in
      for _ in 0..<5_000 {
        variable.update { $0 += 1 }
      }
    }
    expectDelivered(variable)

    XCTAssertEqual(overlap.maximum.load(ordering: .relaxed), 1)
    XCTAssertEqual(overlap.calls.load(ordering: .relaxed), 20_001)
    subscription.dispose()
  }
}

@inline(never)
func blackHole<T>(_ value: T) {}

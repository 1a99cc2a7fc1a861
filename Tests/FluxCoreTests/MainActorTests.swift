import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

@MainActor
final class MainActorTests: XCTestCase {
  /// State only the main actor touches, as a view model's would be.
  @MainActor
  final class Screen {
    var values: [Int] = []
  }

  func testAMainActorHandlerGetsEveryValueInDispatchOrderWhileThreadsDispatch() async throws {
    let subject = DispatchSubject<Int>()
    let dispatchOrder = TestRecorder(subject)
    let screen = Screen()
    let arrived = TestRecorder<Int>()
    let token = subject.observeOnMainActor { value in
      screen.values.append(value)  // main-actor state, no lock
      arrived.handler(value)
    }

    await Task.detached {
      runOnThreads(4) { thread in
        for index in 0..<250 { subject.dispatch(thread * 1_000 + index) }
      }
    }.value
    try await arrived.waitForValues(count: 1_000)

    XCTAssertEqual(screen.values, dispatchOrder.values)
    token.dispose()
  }

  func testAMainActorHandlerHasAMainActorActionWhenDispatchReturns() {
    let subject = DispatchSubject<String>()
    let screen = Screen()
    let token = subject.observeOnMainActor { screen.values.append($0.count) }

    subject.dispatch("abc")
    let synchronously = screen.values

    XCTAssertEqual(synchronously, [3])
    token.dispose()
  }

  func testObserveOnDeliversOnTheQueueInOrderAndDropsValuesAfterDispose() async throws {
    let queue = DispatchQueue(label: "observe-on")
    let subject = DispatchSubject<Int>()
    let onQueue = TestRecorder<Bool>()
    let recorder = TestRecorder<Int>()
    let token = subject.observe(on: queue).subscribe { value in
      onQueue.handler(DispatchQueue.getSpecific(key: MainActorTests.queueKey) == 7)
      recorder.handler(value)
    }
    queue.setSpecific(key: MainActorTests.queueKey, value: 7)

    (1...3).forEach(subject.dispatch)
    try await recorder.waitForValues(count: 3)
    queue.suspend()
    subject.dispatch(4)  // handed to the queue, which is not running
    token.dispose()
    queue.resume()
    queue.sync {}

    assertValues(recorder, equal: [1, 2, 3])
    XCTAssertEqual(onQueue.values, [true, true, true])
  }

  nonisolated static let queueKey = DispatchSpecificKey<Int>()
}

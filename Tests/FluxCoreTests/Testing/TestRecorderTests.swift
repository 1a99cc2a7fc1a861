import FluxCore
import FluxCoreDiagnostics
import FluxCoreTesting
import XCTest

final class TestRecorderTests: XCTestCase {
  func testARecorderRecordsWhatItsSourceDelivers() {
    let variable = Variable(1)
    let recorder = TestRecorder(variable)

    variable.value = 2
    recorder.dispose()
    variable.value = 3

    assertValues(recorder, equal: [1, 2])
    assertNoLiveSubscriptions(variable)
  }

  func testWaitingReturnsOnceTheValuesArriveFromAnotherThread() async throws {
    let subject = DispatchSubject<Int>()
    let recorder = TestRecorder(subject)

    let dispatching = Task.detached { (1...5).forEach(subject.dispatch) }
    let values = try await recorder.waitForValues(count: 5)
    await dispatching.value

    XCTAssertEqual(values, [1, 2, 3, 4, 5])
  }

  func testNextReturnsSuccessiveValues() async throws {
    let subject = DispatchSubject<String>()
    let recorder = TestRecorder(subject)
    ["a", "b", "c"].forEach(subject.dispatch)

    let first = try await recorder.next()
    let rest = try await recorder.next(2)

    XCTAssertEqual(first, ["a"])
    XCTAssertEqual(rest, ["b", "c"])
  }

  func testWaitingForValuesThatNeverComeTimesOut() async {
    let recorder = TestRecorder(DispatchSubject<Int>())

    do {
      try await recorder.waitForValues(count: 1, timeout: .milliseconds(50))
      XCTFail("expected a timeout")
    } catch let timeout as TestRecorderTimeout {
      XCTAssertEqual(timeout.expected, 1)
      XCTAssertEqual(timeout.received, 0)
    } catch {
      XCTFail("unexpected \(error)")
    }
  }

  func testTheDifferenceMarksMissingAndUnexpectedValues() {
    let text = difference(expected: [0, 1, 2, 3], recorded: [0, 2, 3, 4])

    XCTAssertEqual(
      text,
      """
          0  0
        - 1  1
          2  2
          3  3
        + 3  4
      """)
  }

  func testAStoreLeavesNoLiveSubscriptionsWhenItGoes() {
    final class EchoStore: Store, @unchecked Sendable {
      let latest = Variable(0)
      init(_ source: DispatchSubject<Int>) {
        super.init()
        bind(source, to: latest)
      }
    }
    let source = DispatchSubject<Int>()
    expectNoLiveSubscriptionsAtEnd(source)
    do {
      let store = EchoStore(source)
      source.dispatch(1)
      XCTAssertEqual(store.subscriptionCount, 1)
    }

    assertNoLiveSubscriptions(source)
  }
}

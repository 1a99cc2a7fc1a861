import FluxCore
import XCTest

final class ValuesTests: XCTestCase {
  func testValuesYieldsEveryDispatchedValueInOrder() async {
    let subject = DispatchSubject<Int>()
    let stream = subject.values
    (1...3).forEach(subject.dispatch)

    var received: [Int] = []
    for await value in stream {
      received.append(value)
      if received.count == 3 { break }
    }

    XCTAssertEqual(received, [1, 2, 3])
  }

  func testValuesOfAVariableStartsWithTheCurrentValue() async {
    let variable = Variable("a")
    let stream = variable.values
    variable.value = "b"

    var iterator = stream.makeAsyncIterator()
    let first = await iterator.next()
    let second = await iterator.next()

    XCTAssertEqual(first, "a")
    XCTAssertEqual(second, "b")
  }

  func testStoppingTheLoopDisposesTheSubscription() async {
    let subject = DispatchSubject<Int>()
    do {
      let stream = subject.values
      subject.dispatch(1)
      for await _ in stream { break }
    }

    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testAnAbandonedStreamDisposesTheSubscription() {
    let subject = DispatchSubject<Int>()
    do {
      let stream = subject.values
      _ = stream.makeAsyncIterator()
      XCTAssertEqual(subject.subscriptionCount, 1)
    }

    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testCancellingTheConsumingTaskEndsTheStreamAndDisposes() async {
    let subject = DispatchSubject<Int>()
    let stream = subject.values
    let consumer = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    subject.dispatch(1)

    consumer.cancel()
    _ = await consumer.value

    XCTAssertEqual(subject.subscriptionCount, 0)
  }

  func testTheStreamFinishesWhenTheSourceIsFreed() async {
    var subject: DispatchSubject<Int>? = DispatchSubject()
    let stream = subject!.values
    subject!.dispatch(7)

    subject = nil
    var received: [Int] = []
    for await value in stream { received.append(value) }

    XCTAssertEqual(received, [7])
  }
}

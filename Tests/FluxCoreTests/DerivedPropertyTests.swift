import FluxCore
import FluxCoreTesting
import XCTest

final class DerivedPropertyTests: XCTestCase {
  func testADerivedPropertyStartsFromItsSourceAndFollowsIt() {
    let items = Variable(["a", "b"])
    let count = Property(derivedFrom: items.asProperty()) { $0.count }
    let recorder = TestRecorder(count)

    items.value = ["a", "b", "c"]
    items.value = []

    XCTAssertEqual(recorder.values, [2, 3, 0])
    XCTAssertEqual(count.value, 0)
  }

  func testAnEquatableDerivedPropertyIgnoresResultsEqualToItsValue() {
    let items = Variable(["a"])
    let isEmpty = Property(derivedFrom: items.asProperty()) { $0.isEmpty }
    let recorder = TestRecorder(isEmpty.changed)

    items.value = ["b"]
    items.value = []
    items.value = []
    items.value = ["c"]

    XCTAssertEqual(recorder.values, [true, false])
  }

  func testAPropertyDerivedFromTwoFollowsBoth() {
    let query = Variable("json")
    let total = Variable(0)
    let header = Property(derivedFrom: query.asProperty(), total.asProperty()) {
      "\($1) for \($0)"
    }
    let recorder = TestRecorder(header)

    total.value = 8
    query.value = "sql"

    XCTAssertEqual(recorder.values, ["0 for json", "8 for json", "8 for sql"])
  }

  func testAViewCreatedAfterADerivedPropertySeesItUpdatedByTheSameChange() {
    let source = Variable(1)
    let doubled = Property(derivedFrom: source.asProperty()) { $0 * 2 }
    let seen = TestRecorder<String>()
    let view = source.changed.subscribe { value in seen.handler("\(value) → \(doubled.value)") }

    source.value = 2
    source.value = 5

    XCTAssertEqual(seen.values, ["2 → 4", "5 → 10"])
    view.dispose()
  }

  func testADerivedPropertyHoldsNoSubscriptionAndCountsThoseMadeThroughIt() {
    let first = Variable(1)
    let second = Variable(2)
    let sum = Property(derivedFrom: first.asProperty(), second.asProperty()) { $0 + $1 }
    XCTAssertEqual(first.subscriptionCount + second.subscriptionCount, 0)

    let recorder = TestRecorder(sum)
    let changes = TestRecorder(sum.changed)
    XCTAssertEqual(sum.subscriptionCount, 2)
    XCTAssertEqual(first.subscriptionCount + second.subscriptionCount, 4)
    first.value = 10

    XCTAssertEqual(recorder.values, [3, 12])
    XCTAssertEqual(changes.values, [12])
    recorder.dispose()
    changes.dispose()
    XCTAssertEqual(sum.subscriptionCount, 0)
    XCTAssertEqual(first.subscriptionCount + second.subscriptionCount, 0)
  }
}

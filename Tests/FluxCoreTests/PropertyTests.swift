import FluxCore
import FluxCoreTesting
import XCTest

final class PropertyTests: XCTestCase {
  func testValueReadsThroughToTheVariable() {
    let variable = Variable(1)
    let property = variable.asProperty()

    variable.value = 2

    XCTAssertEqual(property.value, 2)
  }

  func testSubscribeDeliversTheCurrentValueThenChanges() {
    let variable = Variable("a")
    let property = Property(variable)
    let recorder = TestRecorder<String>()

    let subscription = property.subscribe(recorder.handler)
    variable.value = "b"

    XCTAssertEqual(recorder.values, ["a", "b"])
    subscription.dispose()
  }

  func testChangedDeliversLaterChangesOnly() {
    let variable = Variable(0)
    let property = variable.asProperty()
    let recorder = TestRecorder<Int>()

    let subscription = property.changed.subscribe(recorder.handler)
    variable.value = 5

    XCTAssertEqual(recorder.values, [5])
    subscription.dispose()
  }

  func testSubscriptionCountCountsSubscriptionsThroughEveryView() {
    let variable = Variable(0)
    let property = variable.asProperty()

    let a = property.subscribe { _ in }
    let b = variable.changed.subscribe { _ in }
    let count = property.subscriptionCount
    a.dispose()
    b.dispose()

    XCTAssertEqual(count, 2)
    XCTAssertEqual(property.subscriptionCount, 0)
  }

  func testPropertyKeepsItsVariableAlive() {
    weak var weakVariable: Variable<Int>?
    let property: Property<Int>
    do {
      let variable = Variable(4)
      weakVariable = variable
      property = variable.asProperty()
    }

    XCTAssertNotNil(weakVariable)
    XCTAssertEqual(property.value, 4)
  }
}

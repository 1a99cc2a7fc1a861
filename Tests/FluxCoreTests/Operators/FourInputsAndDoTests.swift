import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// What the ported apps reach for: `combineLatest` of four inputs (Lockwise
/// nests two of two), a property derived from four, and `do(onNext:)`.
final class FourInputsAndDoTests: XCTestCase {
  /// A sign-up form's four fields.
  private struct Form: Sendable {
    let name = Variable("")
    let email = Variable("")
    let password = Variable("")
    let agreed = Variable(false)
  }

  func testCombineLatestOfFourStartsWithTheirValuesThenFollowsEach() {
    let form = Form()
    let recorder = TestRecorder<String>()
    let token = Observable.combineLatest(form.name, form.email, form.password, form.agreed)
      .map { "\($0)|\($1)|\($2)|\($3)" }
      .subscribe(recorder.handler)

    form.name.value = "Ada"
    form.agreed.value = true

    XCTAssertEqual(recorder.values, ["|||false", "Ada|||false", "Ada|||true"])
    token.dispose()
  }

  /// Five inputs, some of them events: nothing until each has delivered,
  /// then a tuple for every value of any, in the order they were sent.
  func testCombineLatestOfFiveWaitsForEachThenDeliversEveryValue() {
    let numbers = DispatchSubject<Int>()
    let names = DispatchSubject<String>()
    let flags = Variable(true)
    let scores = Variable(1.5)
    let counts = Variable(7)
    let recorder = TestRecorder<String>()
    let token = Observable.combineLatest(numbers, names, flags, scores, counts) {
      "\($0) \($1) \($2) \($3) \($4)"
    }.subscribe(recorder.handler)

    numbers.dispatch(1)
    names.dispatch("a")
    counts.value = 8
    numbers.dispatch(2)

    XCTAssertEqual(recorder.values, ["1 a true 1.5 7", "1 a true 1.5 8", "2 a true 1.5 8"])
    token.dispose()
    assertNoLiveSubscriptions(flags)
    assertNoLiveSubscriptions(counts)
  }

  func testAPropertyDerivedFromFourIsAlwaysItsTransformOfTheirValues() {
    let form = Form()
    let canSend = Property(
      derivedFrom: form.name.asProperty(), form.email.asProperty(), form.password.asProperty(),
      form.agreed.asProperty()
    ) { name, email, password, agreed in
      !name.isEmpty && email.contains("@") && password.count >= 8 && agreed
    }
    let seen = TestRecorder(canSend)

    form.name.value = "Ada"
    form.email.value = "ada@example.com"
    form.password.value = "analytical"
    let beforeAgreeing = canSend.value
    form.agreed.value = true

    XCTAssertFalse(beforeAgreeing)
    XCTAssertTrue(canSend.value)
    XCTAssertEqual(seen.values, [false, true], "equal results are not delivered again")
    seen.dispose()
  }

  /// `do(onNext:)` runs its side effect with each value, before the
  /// subscriber, once per subscription; reading a state through it does
  /// not run it.
  func testDoRunsItsSideEffectBeforeEachDeliveryOfEachSubscription() {
    let searches = DispatchSubject<String>()
    let log = TestRecorder<String>()
    let logged = searches.do(onNext: { log.handler("logged \($0)") })
    let first = logged.subscribe { log.handler("first got \($0)") }
    let second = logged.subscribe { log.handler("second got \($0)") }

    searches.dispatch("json")
    first.dispose()
    second.dispose()
    searches.dispatch("after")

    XCTAssertEqual(
      log.values, ["logged json", "first got json", "logged json", "second got json"])
  }

  func testReadingAStateThroughDoDoesNotRunTheSideEffect() {
    let count = Variable(1)
    let sideEffects = TestAtomic(0)
    let taps = DispatchSubject<Void>()
    let read = TestRecorder(
      taps.withLatestFrom(count.do(onNext: { _ in sideEffects.add(1, ordering: .relaxed) })))

    count.value = 2
    taps.dispatch(())

    XCTAssertEqual(read.values, [2])
    XCTAssertEqual(sideEffects.load(ordering: .relaxed), 0)
    read.dispose()
  }
}

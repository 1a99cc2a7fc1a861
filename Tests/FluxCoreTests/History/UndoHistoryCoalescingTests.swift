import FluxCore
import FluxCoreTesting
import XCTest

/// One step per burst: changes with the same label less than the window
/// apart on the history's clock (a `TestClock` here) are one step.
final class UndoHistoryCoalescingTests: XCTestCase {
  private let window = Duration.milliseconds(300)

  private func editor(_ clock: TestClock) -> (EditorStore, AnyObserverDispatcher<EditorDispatcher>)
  {
    let dispatcher = EditorDispatcher()
    return (
      EditorStore(dispatcher: dispatcher, coalescing: window, clock: clock), .init(dispatcher)
    )
  }

  func testAChangeJustInsideTheWindowJoinsTheStepBefore() async {
    let clock = TestClock()
    let (store, actions) = editor(clock)

    actions.text.dispatch("D")
    await clock.advance(by: window - .nanoseconds(1))
    actions.text.dispatch("De")

    XCTAssertEqual(store.history.texts, "∅ [De]")
  }

  func testAChangeJustOutsideTheWindowIsAStepOfItsOwn() async {
    let clock = TestClock()
    let (store, actions) = editor(clock)

    actions.text.dispatch("D")
    await clock.advance(by: window)
    actions.text.dispatch("De")

    XCTAssertEqual(store.history.texts, "∅ D [De]")
  }

  func testTheWindowCountsFromTheLastChangeSoABurstThatNeverPausesIsOneStep() async {
    let clock = TestClock()
    let (store, actions) = editor(clock)

    for text in ["D", "De", "Dea", "Dear"] {
      actions.text.dispatch(text)
      await clock.advance(by: .milliseconds(200))
    }
    await clock.advance(by: .milliseconds(100))
    actions.text.dispatch("Dear ")

    XCTAssertEqual(store.history.texts, "∅ Dear [Dear ]")
  }

  func testThrottledTheWindowCountsFromTheFirstChangeSoABurstThatNeverPausesMakesAStepAWindow()
    async
  {
    let clock = TestClock()
    let dispatcher = EditorDispatcher()
    let store = EditorStore(
      dispatcher: dispatcher, coalescing: window, coalescingMode: .throttle, clock: clock)
    let actions = AnyObserverDispatcher(dispatcher)

    for text in ["D", "De", "Dea", "Dear", "Dear "] {
      actions.text.dispatch(text)
      await clock.advance(by: .milliseconds(200))
    }

    // Windows from 0, 400 and 800 ms: "D" and "De", "Dea" and "Dear", "Dear ".
    XCTAssertEqual(store.history.texts, "∅ De Dear [Dear ]")
  }

  func testChangesOfAnotherActionDoNotJoinTheBurst() {
    let clock = TestClock()
    let (store, actions) = editor(clock)

    actions.text.dispatch("Ada")
    actions.title.dispatch("Dear ")
    actions.text.dispatch("Dear Ada,")

    XCTAssertEqual(store.history.texts, "∅ Ada Dear Ada [Dear Ada,]")
  }

  func testAnUndoEndsTheBurst() {
    let clock = TestClock()
    let (store, actions) = editor(clock)
    actions.text.dispatch("a")
    actions.text.dispatch("ab")

    store.history.undo()
    actions.text.dispatch("ac")
    actions.text.dispatch("acd")

    XCTAssertEqual(store.history.texts, "∅ [acd]")
    store.history.undo()
    XCTAssertEqual(store.document.value.text, "")
  }

  func testWithNoWindowEveryChangeIsAStep() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)

    for text in ["a", "ab", "abc"] { AnyObserverDispatcher(dispatcher).text.dispatch(text) }

    XCTAssertEqual(store.history.texts, "∅ a ab [abc]")
  }
}

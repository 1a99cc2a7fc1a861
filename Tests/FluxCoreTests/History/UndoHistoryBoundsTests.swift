import FluxCore
import FluxCoreTesting
import XCTest

/// The bounds of an `UndoHistory`, in steps and in measured bytes: the
/// oldest goes first, to the byte.
final class UndoHistoryBoundsTests: XCTestCase {
  /// A history whose states measure their length in UTF-8 bytes.
  private func history(maxSteps: Int = 100, maxBytes: Int = .max) -> (
    Variable<String>, UndoHistory<String>
  ) {
    let text = Variable("")
    return (
      text,
      UndoHistory(of: text, maxSteps: maxSteps, maxBytes: maxBytes, size: { $0.utf8.count })
    )
  }

  func testTheStepLimitDropsTheOldestStepsFirst() {
    let (text, history) = history(maxSteps: 3)

    for value in ["a", "b", "c", "d", "e"] { text.value = value }

    XCTAssertEqual(history.timeline, "b c d [e]")
    history.undo(steps: 10)
    XCTAssertEqual(text.value, "b")
  }

  func testRedoStepsCountAgainstTheStepLimitAndTheFarthestGoesOnceNothingIsLeftToUndo() {
    let (text, history) = history(maxSteps: 2)
    for value in ["a", "b"] { text.value = value }
    history.undo(steps: 2)

    XCTAssertEqual(history.timeline, "[] a b")
    history.redo()
    XCTAssertEqual(history.timeline, " [a] b")
  }

  func testAStepLimitOfZeroKeepsNothing() {
    let (text, history) = history(maxSteps: 0)

    text.value = "a"

    XCTAssertEqual(history.timeline, "[a]")
    XCTAssertFalse(history.canUndo.value)
  }

  func testTheByteLimitCountsEachKeptStateAtItsMeasuredSizeAndDropsTheOldestFirst() {
    let (text, history) = history(maxBytes: 10)

    text.value = "aaaa"
    text.value = "bbbb"
    text.value = "cccc"
    let underTheLimit = history.status.value.byteCount
    text.value = "dddd"

    XCTAssertEqual(underTheLimit, 8)  // "" + "aaaa" + "bbbb"
    XCTAssertEqual(history.timeline, "bbbb cccc [dddd]")
    XCTAssertEqual(history.status.value.byteCount, 8)
  }

  func testAnUndoThatKeepsALargerStateDropsTheOldestToStayUnderTheLimit() {
    let (text, history) = history(maxBytes: 10)
    for value in ["a", "b", String(repeating: "z", count: 10)] { text.value = value }
    let before = history.timeline

    history.undo()  // keeps the 10-byte state for the redo

    XCTAssertEqual(before, " a b [zzzzzzzzzz]")
    XCTAssertEqual(history.timeline, "[b] zzzzzzzzzz")  // "" and "a" dropped
    XCTAssertEqual(history.status.value.byteCount, 10)
    XCTAssertEqual(text.value, "b")
  }

  func testAStateLargerThanTheByteLimitIsNotKept() {
    let (text, history) = history(maxBytes: 3)
    text.value = "a"

    text.value = "bbbb"
    text.value = "c"

    XCTAssertEqual(history.timeline, "[c]")
    XCTAssertEqual(history.status.value.byteCount, 0)
  }

  func testACodableStateIsMeasuredAsWhatItHoldsInMemory() {
    let document = Variable(Document(text: "Dear Ada,"))
    let history = UndoHistory(of: document)

    document.value.text = "Dear Ada, I have your letter"  // 28 bytes: on the heap
    document.value.text = "Dear Ada, I have your letter!"

    let expected = [Document(text: "Dear Ada,"), Document(text: "Dear Ada, I have your letter")]
      .map { MemoryFootprint.of($0) }
    XCTAssertEqual(expected, [17, 17 + 64])  // inline; a string of 28 bytes and its header
    XCTAssertEqual(history.status.value.byteCount, 98)
  }

  func testNegativeLimitsKeepNothingAndNeverTrap() {
    let text = Variable("")
    let history = UndoHistory(of: text, maxSteps: -1, maxBytes: -1, size: { _ in -5 })

    text.value = "a"
    history.undo()

    XCTAssertEqual(text.value, "a")
    XCTAssertEqual(history.status.value.undoCount + history.status.value.redoCount, 0)
    XCTAssertEqual(history.status.value.byteCount, 0)
  }
}

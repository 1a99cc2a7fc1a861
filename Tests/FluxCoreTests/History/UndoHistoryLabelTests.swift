import FluxCore
import FluxCoreTesting
import XCTest

/// Labels and groups: a step is labelled with the action being delivered
/// when the history sees the change; a group makes one step of many.
final class UndoHistoryLabelTests: XCTestCase {
  func testAStepIsLabelledWithTheActionThatMadeIt() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let actions = AnyObserverDispatcher(dispatcher)

    actions.text.dispatch("Ada")
    actions.title.dispatch("Dear ")

    XCTAssertEqual(store.history.undoLabel.value, "EditorDispatcher.title")
    store.history.undo()
    XCTAssertEqual(store.history.undoLabel.value, "EditorDispatcher.text")
    XCTAssertEqual(store.history.redoLabel.value, "EditorDispatcher.title")
  }

  func testTheLabelFunctionSeesTheActionsValue() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher) { action in
      (action.value as? String).map { "Type “\($0)”" }
    }

    AnyObserverDispatcher(dispatcher).text.dispatch("Ada")

    XCTAssertEqual(store.history.undoLabel.value, "Type “Ada”")
  }

  func testAChangeMadeOutsideAnyActionHasNoLabel() {
    let store = EditorStore(dispatcher: EditorDispatcher())

    store.variable.value.text = "Ada"

    XCTAssertEqual(store.history.status.value.undoCount, 1)
    XCTAssertNil(store.history.undoLabel.value)
  }

  func testAnActionSentToTheSubjectDirectlyIsNotAnActionOfTheLog() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)

    dispatcher.text.dispatch("Ada")

    XCTAssertNil(store.history.undoLabel.value)
  }

  func testAGroupMakesOneStepOfManyActionsWithItsLabel() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let actions = AnyObserverDispatcher(dispatcher)
    actions.text.dispatch("Ada")

    store.history.group(label: "Greet") {
      actions.title.dispatch("Dear ")
      actions.text.dispatch("Dear Ada,")
    }

    XCTAssertEqual(store.history.texts, "∅ Ada [Dear Ada,]")
    XCTAssertEqual(store.history.undoLabel.value, "Greet")
    store.history.undo()
    XCTAssertEqual(store.document.value.text, "Ada")
  }

  func testAGroupWithoutALabelTakesTheLabelOfItsFirstChange() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let actions = AnyObserverDispatcher(dispatcher)

    store.history.group {
      actions.title.dispatch("Dear ")
      actions.text.dispatch("Dear Ada,")
    }

    XCTAssertEqual(store.history.undoLabel.value, "EditorDispatcher.title")
    XCTAssertEqual(store.history.status.value.undoCount, 1)
  }

  func testNestedGroupsMakeOneStepAndAnEndWithoutABeginDoesNothing() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let actions = AnyObserverDispatcher(dispatcher)

    actions.undo.dispatch(.endGroup)
    actions.undo.dispatch(.beginGroup(label: "Outer"))
    actions.text.dispatch("a")
    actions.undo.dispatch(.beginGroup(label: "Inner"))
    actions.text.dispatch("ab")
    actions.undo.dispatch(.endGroup)
    actions.text.dispatch("abc")
    actions.undo.dispatch(.endGroup)
    actions.text.dispatch("abcd")

    XCTAssertEqual(store.history.texts, "∅ abc [abcd]")
    store.history.undo()
    XCTAssertEqual(store.history.undoLabel.value, "Outer")
  }
}

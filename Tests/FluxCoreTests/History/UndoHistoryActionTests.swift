import FluxCore
import FluxCoreTesting
import Foundation
import XCTest

/// Undo and redo driven by actions: the store binds the dispatcher's `undo`
/// subject to its history, so the log and `StoreTester` see them as actions
/// like any other, with the changes they make.
final class UndoHistoryActionTests: XCTestCase {
  func testStoreTesterSeesUndoAndRedoAsActionsWithTheChangesTheyMake() async {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let tester = StoreTester(dispatcher) { store.document.value.text }
    let actions = AnyObserverDispatcher(dispatcher)

    actions.text.dispatch("Ada")
    await tester.receive(\.text, "Ada") { $0 = "Ada" }
    actions.undo.dispatch(.undo())
    await tester.receive(\.undo, .undo()) { $0 = "" }
    actions.undo.dispatch(.redo())
    await tester.receive(\.undo, .redo()) { $0 = "Ada" }
    await tester.finish()
  }

  func testTheLogSeesUndoCommandsAsActions() {
    let dispatcher = EditorDispatcher()
    let store = EditorStore(dispatcher: dispatcher)
    let log = TestRecorder<String>()
    let observation = DispatchLog.observe(dispatcher) { log.handler($0.description) }
    let actions = AnyObserverDispatcher(dispatcher)

    actions.text.dispatch("Ada")
    actions.undo.dispatch(.undo(steps: 2))
    actions.undo.dispatch(.jump(to: 1))
    observation.dispose()

    XCTAssertEqual(
      log.values,
      [
        "EditorDispatcher.text ← Ada", "EditorDispatcher.undo ← undo(steps: 2)",
        "EditorDispatcher.undo ← jump(to: 1)",
      ])
    XCTAssertEqual(store.document.value.text, "Ada")
  }

  func testAStoreWrittenWithStoreBindingsBindsItsHistoryTheSameWay() {
    let dispatcher = EditorDispatcher()
    let text = Variable("")
    let history = UndoHistory(of: text)
    let bindings = StoreBindings()
    bindings.bind(AnyObservableDispatcher(dispatcher).text, to: text)
    bindings.bind(AnyObservableDispatcher(dispatcher).undo, to: history)
    let actions = AnyObserverDispatcher(dispatcher)

    actions.text.dispatch("a")
    actions.text.dispatch("b")
    actions.undo.dispatch(.undo())

    XCTAssertEqual(text.value, "a")
    XCTAssertEqual(bindings.subscriptionCount, 2)
  }

  func testEveryCommandCanBeSentAsAnActionAndIsCodable() throws {
    let commands: [UndoCommand] = [
      .undo(), .undo(steps: 3), .redo(), .redo(steps: -1), .jump(to: 2), .clear, .pause, .resume,
      .beginGroup(label: "Paste"), .beginGroup(label: nil), .endGroup,
    ]

    let decoded = try JSONDecoder().decode(
      [UndoCommand].self, from: JSONEncoder().encode(commands))

    XCTAssertEqual(decoded, commands)
  }
}

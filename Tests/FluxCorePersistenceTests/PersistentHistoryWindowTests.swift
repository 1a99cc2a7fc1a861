import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// Every change of the state is saved, including one that joins the step
/// before it (the same action's, inside the coalescing window): it changes
/// the state and that step's end, not the number of steps.
@Suite struct PersistentHistoryWindowTests {
  final class DraftDispatcher: DispatcherType {
    static let shared = DraftDispatcher()
    let text = DispatchSubject<String>()
  }

  @Test func aChangeThatJoinsTheStepBeforeIsSavedToo() throws {
    let directory = TemporaryDirectory()
    let dispatcher = DraftDispatcher()
    let typed = AnyObserverDispatcher(dispatcher).text
    do {
      let draft = try PersistentHistory(
        file: directory.file(), coalescing: .seconds(1), clock: TestClock(), default: "")
      let binding = AnyObservableDispatcher(dispatcher).text.subscribe { draft.variable.value = $0 }
      defer { binding.dispose() }
      typed.dispatch("Dear")
      try draft.flush()
      let stepsBefore = draft.history.status.value.undoCount

      typed.dispatch("Dear Ada")  // the same action, no time later: the same step
      let stepsAfter = draft.history.status.value.undoCount
      try draft.flush()

      #expect(stepsAfter == stepsBefore, "the premise: joining a step adds none")
    }

    let relaunched = try PersistentHistory(file: directory.file(), default: "")
    let restored = relaunched.variable.value
    relaunched.history.undo()

    #expect(restored == "Dear Ada")
    #expect(relaunched.variable.value == "", "one step, which undo takes back whole")
  }
}

import FluxCore
import FluxCoreTesting
import XCTest

@testable import TodoFeature

// The other ways to write a `Store` subclass: each compiles as written here
// and in a target whose default isolation is the main actor, and each store
// is made and bound off the main actor.

/// A subclass with no initializer of its own: it inherits `init()`.
final class InheritedInitStore: Store, @unchecked Sendable {
  let cleared = Variable(0)
}

/// A subclass that others subclass in turn, with a convenience initializer.
class BaseCountingStore: Store, @unchecked Sendable {
  let count = Variable(0)

  init(dispatcher: AnyObservableDispatcher<TodoDispatcher>) {
    super.init()
    bind(dispatcher.added, to: count) { count, _ in count + 1 }
  }

  convenience override init() {
    self.init(dispatcher: .init())
  }
}

/// A subclass of a subclass.
final class DerivedCountingStore: BaseCountingStore, @unchecked Sendable {}

// `nonisolated`: see TodoStoreTests.
nonisolated final class StoreSubclassFormsTests: XCTestCase {
  func testEveryFormIsMadeAndBoundOffTheMainActor() async {
    let counts = await Task.detached {
      let dispatcher = TodoDispatcher()
      let inherited = InheritedInitStore()
      inherited.bind(
        AnyObservableDispatcher(dispatcher).clear, to: inherited.cleared
      ) { count, _ in count + 1 }
      let base = BaseCountingStore(dispatcher: .init(dispatcher))
      let derived = DerivedCountingStore(dispatcher: .init(dispatcher))
      let actions = AnyObserverDispatcher(dispatcher)

      actions.added.dispatch(TodoItem(id: 1, title: "Buy milk"))
      actions.clear.dispatch(())

      return [inherited.cleared.value, base.count.value, derived.count.value]
    }.value

    XCTAssertEqual(counts, [1, 1, 1])
  }
}

import FluxCore

/// How many items there are, written without inheritance: the compiler
/// checks that it is Sendable.
// `nonisolated`: a store is made and read on any thread. A `Store` subclass
// inherits that from `Store`; this class has no superclass to inherit it
// from, so in a target whose default isolation is the main actor it says so.
nonisolated final class TodoCountStore: Sendable {
  let count: Property<Int>
  private let _count = Variable(0)
  private let bindings = StoreBindings()

  init(dispatcher: AnyObservableDispatcher<TodoDispatcher> = .init()) {
    count = _count.asProperty()
    bindings.bind(dispatcher.items.map(\.count), to: _count)
    bindings.bind(dispatcher.added, to: _count) { count, _ in count + 1 }
    bindings.bind(dispatcher.clear.map { _ in 0 }, to: _count)
  }
}

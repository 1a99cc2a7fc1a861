import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

/// A store written as a `final` class that holds its bindings: checked
/// `Sendable`, and binding as a `Store` subclass does.
@Suite struct StoreBindingsTests {
  final class ListStore: Sendable {
    let items: Property<[String]>
    let total: Property<Int>
    let echoes = DispatchSubject<Bool>()
    private let _items = Variable<[String]>([])
    private let _total = Variable(0)
    let bindings = StoreBindings()

    init(dispatcher: AnyObservableDispatcher<TestDispatcher>) {
      items = _items.asProperty()
      total = _total.asProperty()
      bindings.bind(dispatcher.items, to: _items)
      bindings.bind(dispatcher.items, to: _total) { total, items in total + items.count }
      bindings.bind(dispatcher.loading, to: echoes)
    }
  }

  @Test func eachFormOfBindWorksAsInAStoreSubclass() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))
    let echoes = TestRecorder(store.echoes)

    dispatcher.items.dispatch(["a", "b"])
    dispatcher.items.dispatch(["c"])
    dispatcher.loading.dispatch(true)

    #expect(store.items.value == ["c"])
    #expect(store.total.value == 3)
    #expect(echoes.values == [true])
    #expect(store.bindings.subscriptionCount == 3)
  }

  @Test func freeingTheStoreEndsItsBindings() {
    let dispatcher = TestDispatcher()
    var store: ListStore? = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))
    weak let freed = store
    let bound = (dispatcher.items.subscriptionCount, dispatcher.loading.subscriptionCount)

    store = nil
    dispatcher.items.dispatch(["after"])

    #expect(freed == nil, "the store was not freed, so the counts below prove nothing")
    #expect(bound == (2, 1))
    #expect(dispatcher.items.subscriptionCount == 0)
    #expect(dispatcher.loading.subscriptionCount == 0)
  }
}

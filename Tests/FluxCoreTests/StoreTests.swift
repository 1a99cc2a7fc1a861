import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class StoreTests: XCTestCase {
  final class ListStore: Store, @unchecked Sendable {
    let items: Property<[String]>
    let total: Property<Int>
    let echoes = DispatchSubject<Bool>()
    private let _items = Variable<[String]>([])
    private let _total = Variable(0)

    init(dispatcher: AnyObservableDispatcher<TestDispatcher>) {
      items = _items.asProperty()
      total = _total.asProperty()
      super.init()
      bind(dispatcher.items, to: _items)
      bind(dispatcher.items, to: _total) { total, items in total + items.count }
      bind(dispatcher.loading, to: echoes)
    }
  }

  func testBindToAVariableKeepsItsValue() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))

    dispatcher.items.dispatch(["a", "b"])

    XCTAssertEqual(store.items.value, ["a", "b"])
  }

  func testBindWithReduceFoldsEveryValue() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))

    dispatcher.items.dispatch(["a", "b"])
    dispatcher.items.dispatch(["c"])

    XCTAssertEqual(store.total.value, 3)
  }

  func testBindToASubjectForwardsEveryValue() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))
    let recorder = TestRecorder<Bool>()
    let subscription = store.echoes.subscribe(recorder.handler)

    dispatcher.loading.dispatch(true)
    dispatcher.loading.dispatch(false)

    XCTAssertEqual(recorder.values, [true, false])
    subscription.dispose()
  }

  func testBindingsLiveInTheDisposeBag() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))
    let bound = dispatcher.items.subscriptionCount

    store.disposeBag.dispose()
    dispatcher.items.dispatch(["after"])

    XCTAssertEqual(bound, 2)
    XCTAssertEqual(store.disposeBag.count, 0)
    XCTAssertEqual(dispatcher.items.subscriptionCount, 0)
    XCTAssertEqual(store.items.value, [])
  }

  func testBindWithReduceNeverLosesAValueUnderConcurrentDispatch() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))

    runOnThreads(4) { _ in
      for _ in 0..<2_000 { dispatcher.items.dispatch(["one"]) }
    }
    expectDelivered(dispatcher.items)

    XCTAssertEqual(store.total.value, 8_000)
  }

  func testAViewSeesTheStoreStateInDispatchOrder() {
    let dispatcher = TestDispatcher()
    let store = ListStore(dispatcher: AnyObservableDispatcher(dispatcher))
    let view = TestRecorder<[String]>()
    let subscription = store.items.subscribe(view.handler)

    AnyObserverDispatcher(dispatcher).items.dispatch(["first"])
    AnyObserverDispatcher(dispatcher).items.dispatch(["second"])

    XCTAssertEqual(view.values, [[], ["first"], ["second"]])
    subscription.dispose()
  }

  func testFoldsFromTwoSubjectsOnTwoThreadsIntoOneVariableLoseNoUpdate() {
    final class TallyStore: Store, @unchecked Sendable {
      let total = Variable(0)

      init(_ first: DispatchSubject<Int>, _ second: DispatchSubject<Int>) {
        super.init()
        bind(first, to: total) { total, value in total + value }
        bind(second, to: total) { total, value in total + value }
      }
    }
    let subjects = [DispatchSubject<Int>(), DispatchSubject<Int>()]
    let store = TallyStore(subjects[0], subjects[1])

    // Each subject has its own delivering thread, so the two folds race.
    runOnThreads(2) { thread in
      for _ in 0..<20_000 { subjects[thread].dispatch(1) }
    }
    expectDelivered(subjects[0], subjects[1], store.total)

    XCTAssertEqual(store.total.value, 40_000)
  }
}

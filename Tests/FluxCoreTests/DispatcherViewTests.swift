import FluxCore
import FluxCoreTesting
import XCTest

final class TestDispatcher: DispatcherType {
  static let shared = TestDispatcher()
  let items = DispatchSubject<[String]>()
  let loading = DispatchSubject<Bool>()
}

final class DispatcherViewTests: XCTestCase {
  func testObserverViewDispatchesToTheSubjectWithTheSameName() {
    let dispatcher = TestDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let recorder = TestRecorder<[String]>()
    let subscription = dispatcher.items.subscribe(recorder.handler)

    actions.items.dispatch(["a"])

    XCTAssertEqual(recorder.values, [["a"]])
    subscription.dispose()
  }

  func testObservableViewSubscribesToTheSubjectWithTheSameName() {
    let dispatcher = TestDispatcher()
    let streams = AnyObservableDispatcher(dispatcher)
    let recorder = TestRecorder<Bool>()
    let subscription = streams.loading.subscribe(recorder.handler)

    dispatcher.loading.dispatch(true)
    dispatcher.items.dispatch(["ignored"])

    XCTAssertEqual(recorder.values, [true])
    subscription.dispose()
  }

  func testTheViewsConnectAnActionCreatorToAStore() {
    let dispatcher = TestDispatcher()
    let actions = AnyObserverDispatcher(dispatcher)
    let streams = AnyObservableDispatcher(dispatcher)
    let recorder = TestRecorder<[String]>()
    let subscription = streams.items.subscribe(recorder.handler)

    actions.items.dispatch(["x", "y"])

    XCTAssertEqual(recorder.values, [["x", "y"]])
    subscription.dispose()
  }

  func testViewsUseTheSharedDispatcherByDefault() {
    let actions = AnyObserverDispatcher<TestDispatcher>()
    let streams = AnyObservableDispatcher<TestDispatcher>()
    let recorder = TestRecorder<[String]>()
    let subscription = streams.items.subscribe(recorder.handler)

    actions.items.dispatch(["shared"])
    TestDispatcher.shared.items.dispatch(["direct"])

    XCTAssertEqual(recorder.values, [["shared"], ["direct"]])
    subscription.dispose()
  }

  func testTheViewsExposeOnlyTheirSide() {
    let dispatcher = TestDispatcher()

    // The types are the proof: an AnyObserver has no `subscribe` and an
    // Observable has no `dispatch`, so the wrong use does not compile.
    let sendOnly: AnyObserver<Bool> = AnyObserverDispatcher(dispatcher).loading
    let receiveOnly: Observable<Bool> = AnyObservableDispatcher(dispatcher).loading
    let recorder = TestRecorder<Bool>()
    let subscription = receiveOnly.subscribe(recorder.handler)
    sendOnly.dispatch(false)

    XCTAssertEqual(recorder.values, [false])
    subscription.dispose()
  }

  func testAnObserverOutlivingItsDispatcherStillDeliversToRemainingSubscribers() {
    let recorder = TestRecorder<Bool>()
    let observer: AnyObserver<Bool>
    let subscription: any Disposable
    weak var weakDispatcher: TestDispatcher?
    do {
      let dispatcher = TestDispatcher()
      weakDispatcher = dispatcher
      observer = AnyObserverDispatcher(dispatcher).loading
      subscription = AnyObservableDispatcher(dispatcher).loading.subscribe(recorder.handler)
    }

    observer.dispatch(true)

    XCTAssertNil(weakDispatcher)
    XCTAssertEqual(recorder.values, [true])
    subscription.dispose()
  }
}

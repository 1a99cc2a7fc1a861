import FluxCore
import FluxCoreTesting
import XCTest

// The quick example of README.md, kept here so that it always compiles and
// does what the README says.

final class GreetingDispatcher: DispatcherType {
  static let shared = GreetingDispatcher()
  let name = DispatchSubject<String>()
}

struct GreetingActionCreator {
  private let dispatcher: AnyObserverDispatcher<GreetingDispatcher>
  init(dispatcher: AnyObserverDispatcher<GreetingDispatcher> = .init()) {
    self.dispatcher = dispatcher
  }
  func greet(_ name: String) { dispatcher.name.dispatch(name) }
}

final class GreetingStore: Store, @unchecked Sendable {
  let greeting: Property<String>
  private let _greeting = Variable("Hello, nobody")

  init(dispatcher: AnyObservableDispatcher<GreetingDispatcher> = .init()) {
    greeting = _greeting.asProperty()
    super.init()
    bind(dispatcher.name.map { "Hello, \($0)" }, to: _greeting)
  }
}

final class ReadmeExampleTests: XCTestCase {
  func testTheQuickExamplePrintsWhatTheReadmeSays() {
    let printed = TestRecorder<String>()
    let print: @Sendable (String) -> Void = printed.handler

    let store = GreetingStore()
    let disposeBag = DisposeBag()
    store.greeting.subscribe { print($0) }.disposed(by: disposeBag)  // Hello, nobody
    GreetingActionCreator().greet("Ada")  // Hello, Ada

    XCTAssertEqual(printed.values, ["Hello, nobody", "Hello, Ada"])
  }
}

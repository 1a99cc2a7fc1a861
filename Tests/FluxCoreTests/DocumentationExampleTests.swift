import FluxCore
import FluxCoreTesting
import Observation
import XCTest

// The examples of the DocC catalog (Sources/FluxCore/FluxCore.docc), kept
// here so that they always compile and do what the articles say. The
// Greeting types are those of ReadmeExampleTests.swift.

/// Getting Started: a main-actor view model.
@MainActor
final class GreetingViewModel {
  private(set) var title = ""
  private let disposeBag = DisposeBag()

  init(store: GreetingStore) {
    store.greeting.subscribeOnMainActor { [weak self] greeting in
      self?.title = greeting
    }.disposed(by: disposeBag)
  }
}

/// README, "With SwiftUI": a hand-written `@Observable` model.
@Observable @MainActor
final class GreetingModel {
  private(set) var greeting = ""
  @ObservationIgnored private let disposeBag = DisposeBag()

  init(store: GreetingStore) {
    store.greeting.assign(to: \.greeting, on: self).disposed(by: disposeBag)
  }
}

final class DocumentationExampleTests: XCTestCase {
  /// README, "With SwiftUI": the model starts with the store's greeting and
  /// follows it on a later turn of the main actor.
  @MainActor
  func testTheObservableModelFollowsTheStore() async throws {
    let dispatcher = GreetingDispatcher()
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let model = GreetingModel(store: store)
    let startedWith = model.greeting
    let arrived = TestRecorder(store.greeting.changed.observe(on: .main))

    dispatcher.name.dispatch("Ada")
    try await arrived.waitForValues(count: 1)

    XCTAssertEqual(startedWith, "Hello, nobody")
    XCTAssertEqual(model.greeting, "Hello, Ada")
  }

  /// Testing Your Stores: the first example.
  func testGreetingFollowsTheName() {
    let dispatcher = GreetingDispatcher()
    expectNoLiveSubscriptionsAtEnd(dispatcher.name)
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let greetings = TestRecorder(store.greeting)

    dispatcher.name.dispatch("Ada")

    assertValues(greetings, equal: ["Hello, nobody", "Hello, Ada"])
  }

  /// README and the FluxCoreTesting landing page: the five-line example.
  func testTheFiveLineTestingExample() {
    let store = GreetingStore()
    let greetings = TestRecorder(store.greeting)  // records every value
    GreetingActionCreator().greet("Ada")
    assertValues(greetings, equal: ["Hello, nobody", "Hello, Ada"])  // prints a diff if not
    expectNoLiveSubscriptionsAtEnd(GreetingDispatcher.shared.name)  // checked after the test
  }

  /// Getting Started: the view model's title follows the store, on the main
  /// actor.
  @MainActor
  func testTheMainActorViewModelShowsTheLatestGreeting() async throws {
    let dispatcher = GreetingDispatcher()
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let viewModel = GreetingViewModel(store: store)
    let arrived = TestRecorder(store.greeting.observe(on: .main))

    dispatcher.name.dispatch("Ada")
    try await arrived.waitForValues(count: 2)

    XCTAssertEqual(viewModel.title, "Hello, Ada")
  }

  /// Testing Your Stores: recording the actions sent through a dispatcher view.
  func testTheDispatchLogRecordsWhatAnActionCreatorSent() {
    let sent = TestRecorder<String>()
    let log = DispatchLog.observe { sent.handler($0.label) }
    defer { log.dispose() }

    GreetingActionCreator().greet("Ada")

    XCTAssertTrue(sent.values.contains("GreetingDispatcher.name"), "\(sent.values)")
  }
}

import FluxCore
import FluxCoreTesting
import Observation
import TestSupport
import Testing
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
    store.greeting.observeOnMainActor { [weak self] greeting in
      self?.title = greeting
    }.disposed(by: disposeBag)
  }
}

/// README, "With SwiftUI": a hand-written `@Observable` model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { throw XCTSkip.noObservation }
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

  /// Testing Your Stores: the first example, in XCTest.
  func testGreetingFollowsTheName() {
    let dispatcher = GreetingDispatcher()
    expectNoLiveSubscriptionsAtEnd(dispatcher.name)
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let greetings = TestRecorder(store.greeting)

    dispatcher.name.dispatch("Ada")

    assertValues(greetings, equal: ["Hello, nobody", "Hello, Ada"])
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

  /// Testing Your Stores: a log of one dispatcher sees its own actions.
  func testALogOfOneDispatcherRecordsWhatItsActionCreatorSent() {
    let dispatcher = GreetingDispatcher()
    let sent = TestRecorder<String>()
    let log = DispatchLog.observe(dispatcher) { sent.handler("\($0)") }
    GreetingActionCreator(dispatcher: .init(dispatcher)).greet("Ada")
    log.dispose()

    XCTAssertEqual(sent.values, ["GreetingDispatcher.name ← Ada"])
  }
}

/// The README's testing example and the Testing article's Swift Testing
/// examples, run.
@Suite struct DocumentationSwiftTestingExamples {
  @Test func greetingAda() async {
    let dispatcher = GreetingDispatcher()
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let tester = StoreTester(dispatcher) { store.greeting.value }

    GreetingActionCreator(dispatcher: .init(dispatcher)).greet("Ada")

    await tester.receive(\.name, "Ada") { $0 = "Hello, Ada" }  // the action, and the change it made
    await tester.finish()  // fails for anything left unasserted
  }

  @Test func theGreetingFollowsTheName() async {
    let dispatcher = GreetingDispatcher()
    await withNoLiveSubscriptions(dispatcher.name) {
      let store = GreetingStore(dispatcher: .init(dispatcher))
      let greetings = TestRecorder(store.greeting)

      dispatcher.name.dispatch("Ada")

      assertValues(greetings, equal: ["Hello, nobody", "Hello, Ada"])
    }
  }

  @Test @MainActor func typingIsDebounced() async throws {
    let clock = TestClock()
    let typing = Debouncer(for: .milliseconds(300), clock: clock)
    var searched: [String] = []

    for text in ["j", "js", "json"] {
      typing.send { searched.append(text) }
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(200))
    try await clock.run()

    #expect(searched == ["json"])
  }

  @Test @MainActor func greetingTwice() async {
    let dispatcher = GreetingDispatcher()
    let store = GreetingStore(dispatcher: .init(dispatcher))
    let tester = StoreTester(dispatcher) { store.greeting.value }
    let actions = GreetingActionCreator(dispatcher: .init(dispatcher))

    actions.greet("Ada")
    await tester.receive(\.name, "Ada") { $0 = "Hello, Ada" }
    actions.greet("Grace")
    await tester.receive(\.name, "Grace") { $0 = "Hello, Grace" }
    await tester.finish()
  }
}

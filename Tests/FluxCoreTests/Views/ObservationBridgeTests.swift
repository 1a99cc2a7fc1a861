import FluxCore
import FluxCoreTesting
import Observation
import TestSupport
import XCTest

/// ``ObservedProperty`` and ``ObservableType/assign(to:on:)``: store state
/// read through the `Observation` module, as SwiftUI reads it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class ObservationBridgeTests: ObservationTestCase {
  final class CounterStore: Store, @unchecked Sendable {
    let count: Property<Int>
    let title: Property<String>
    let _count = Variable(0)
    let _title = Variable("none")

    override init() {
      count = _count.asProperty()
      title = _title.asProperty()
      super.init()
    }
  }

  /// A hand-written view model with plain stored properties.
  @Observable @MainActor
  final class CounterViewModel {
    private(set) var count = -1
    private(set) var title = ""
    @ObservationIgnored private let disposeBag = DisposeBag()

    init(store: CounterStore) {
      store.count.assign(to: \.count, on: self).disposed(by: disposeBag)
      store.title.assign(to: \.title, on: self).disposed(by: disposeBag)
    }
  }

  /// Fires once when something read in `read` changes, like a SwiftUI body.
  final class Tracker: Sendable {
    let changes = TestRecorder<String>()

    @MainActor
    func track(_ name: String, _ read: @escaping @MainActor () -> Void) {
      withObservationTracking {
        read()
      } onChange: { [changes] in
        changes.handler(name)
      }
    }
  }

  /// Waits for the hops already queued to run.
  private func nextTurn() async {
    await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
  }

  func testAnObservedPropertyStartsWithTheStoreValueAndFollowsIt() async throws {
    let store = CounterStore()
    store._count.value = 5
    let count = ObservedProperty(store.count)
    let startedWith = count.value

    store._count.value = 6  // a main-actor action: on the view when it returns
    let afterTheWrite = count.value
    await onANewThread { store._count.value = 7 }  // another thread's: on a turn
    await nextTurn()

    XCTAssertEqual(startedWith, 5)
    XCTAssertEqual(afterTheWrite, 6)
    XCTAssertEqual(count.value, 7)
  }

  func testTrackingFiresForAnObservedPropertyThatChangedAndNotForOneThatDidNot() async throws {
    let store = CounterStore()
    let count = ObservedProperty(store.count)
    let title = ObservedProperty(store.title)
    let tracker = Tracker()
    tracker.track("count") { _ = count.value }
    tracker.track("title") { _ = title.value }

    store._count.value = 1
    store._title.value = "none"  // equal to the current value
    await nextTurn()

    XCTAssertEqual(tracker.changes.values, ["count"])
  }

  func testABurstOfWritesChangesAnObservedPropertyOnceWithTheLastValue() async throws {
    let store = CounterStore()
    let count = ObservedProperty(store.count)
    let tracker = Tracker()
    var seen: [Int] = []
    func track() {
      tracker.track("count") { seen.append(count.value) }
    }
    track()

    runOnThreads(1) { _ in
      for value in 1...1_000 { store._count.value = value }
    }
    await nextTurn()
    track()  // as SwiftUI renders again after a change

    XCTAssertEqual(tracker.changes.values, ["count"])
    XCTAssertEqual(seen, [0, 1_000])
  }

  func testFreeingAnObservedPropertyEndsItsSubscription() async {
    let store = CounterStore()
    weak var freed: ObservedProperty<Int>?
    do {
      let count = ObservedProperty(store.count)
      freed = count
      XCTAssertEqual(store.count.subscriptionCount, 1)
    }

    XCTAssertNil(freed)
    XCTAssertEqual(store.count.subscriptionCount, 0)
  }

  func testAViewModelKeepsPlainPropertiesUpToDateInOneLineEach() async {
    let store = CounterStore()
    store._title.value = "start"
    let viewModel = CounterViewModel(store: store)
    let tracker = Tracker()
    tracker.track("count") { _ = viewModel.count }
    let startedWith = (viewModel.count, viewModel.title)

    runOnThreads(1) { _ in
      for value in 1...100 { store._count.value = value }
    }
    await nextTurn()

    XCTAssertEqual(startedWith.0, 0)
    XCTAssertEqual(startedWith.1, "start")
    XCTAssertEqual(viewModel.count, 100)
    XCTAssertEqual(tracker.changes.values, ["count"])
  }

  func testFreeingTheViewModelEndsItsSubscriptions() async {
    let store = CounterStore()
    weak var freed: CounterViewModel?
    do {
      let viewModel = CounterViewModel(store: store)
      freed = viewModel
      XCTAssertEqual(store.count.subscriptionCount + store.title.subscriptionCount, 2)
    }

    XCTAssertNil(freed)
    XCTAssertEqual(store.count.subscriptionCount + store.title.subscriptionCount, 0)
  }
}

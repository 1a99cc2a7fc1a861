import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

/// The rule that keeps views consistent across stores: a subject calls its
/// subscribers one after another, in subscription order, and starts the next
/// event only when all have returned; a store updates its variables inside
/// those calls, and a variable notifies its observers before its setter
/// returns.
///
/// So a view that observes the store created last, or a store derived from the
/// others, finds every store before it already updated by the same event.
final class StoreOrderingTests: XCTestCase {
  final class CountStore: Store, @unchecked Sendable {
    let count: Property<Int>
    private let _count = Variable(0)

    init(_ source: Observable<[String]>) {
      count = _count.asProperty()
      super.init()
      bind(source.map(\.count), to: _count)
    }
  }

  final class TitleStore: Store, @unchecked Sendable {
    let title: Property<String>
    private let _title = Variable("")

    init(_ source: Observable<[String]>) {
      title = _title.asProperty()
      super.init()
      bind(source.map { $0.joined(separator: ",") }, to: _title)
    }
  }

  /// Derived from another store's property rather than from the dispatcher.
  final class SummaryStore: Store, @unchecked Sendable {
    let summary: Property<String>
    private let _summary = Variable("")

    init(_ counts: Property<Int>) {
      summary = _summary.asProperty()
      super.init()
      bind(counts.map { "\($0) items" }, to: _summary)
    }
  }

  func testAViewOfTheLastStoreSeesTheEarlierStoreUpdatedByTheSameEvent() {
    let dispatcher = TestDispatcher()
    let streams = AnyObservableDispatcher(dispatcher)
    let counts = CountStore(streams.items)
    let titles = TitleStore(streams.items)
    let seen = TestRecorder<String>()
    let view = titles.title.changed.subscribe { title in
      seen.handler("\(counts.count.value) | \(title)")
    }

    dispatcher.items.dispatch(["a"])
    dispatcher.items.dispatch(["a", "b", "c"])
    dispatcher.items.dispatch([])

    XCTAssertEqual(seen.values, ["1 | a", "3 | a,b,c", "0 | "])
    view.dispose()
  }

  func testAViewOfAnEarlierStoreSeesALaterStoreOneEventBehind() {
    // The other side of the rule: observe the store created last.
    let dispatcher = TestDispatcher()
    let streams = AnyObservableDispatcher(dispatcher)
    let counts = CountStore(streams.items)
    let titles = TitleStore(streams.items)
    let seen = TestRecorder<String>()
    let view = counts.count.changed.subscribe { count in
      seen.handler("\(count) | \(titles.title.value)")
    }

    dispatcher.items.dispatch(["a"])
    dispatcher.items.dispatch(["a", "b"])

    XCTAssertEqual(seen.values, ["1 | ", "2 | a"])
    view.dispose()
  }

  func testAViewOfADerivedStoreSeesTheStoreItDerivesFromUpdated() {
    let dispatcher = TestDispatcher()
    let counts = CountStore(AnyObservableDispatcher(dispatcher).items)
    let summaries = SummaryStore(counts.count)
    let seen = TestRecorder<String>()
    let view = summaries.summary.changed.subscribe { summary in
      seen.handler("\(counts.count.value) → \(summary)")
    }

    dispatcher.items.dispatch(["a", "b"])
    dispatcher.items.dispatch(["c"])

    XCTAssertEqual(seen.values, ["2 → 2 items", "1 → 1 items"])
    view.dispose()
  }

  func testTheRuleHoldsWhileSeveralThreadsDispatch() {
    let dispatcher = TestDispatcher()
    let streams = AnyObservableDispatcher(dispatcher)
    let counts = CountStore(streams.items)
    let titles = TitleStore(streams.items)
    let inconsistent = Counter()
    let seen = Counter()
    let view = titles.title.changed.subscribe { title in
      seen.increment()
      let expectedCount = title.isEmpty ? 0 : title.split(separator: ",").count
      if counts.count.value != expectedCount { inconsistent.increment() }
    }

    runOnThreads(4) { thread in
      for index in 0..<500 {
        dispatcher.items.dispatch(Array(repeating: "x", count: (thread + index) % 7 + 1))
      }
    }
    expectDelivered(dispatcher.items)

    XCTAssertEqual(seen.value, 2_000)
    XCTAssertEqual(inconsistent.value, 0)
    view.dispose()
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport
import Testing

@Suite struct ScanAndStartWithTests {
  @Test func scanDeliversEachStepOfTheFoldButNotTheStart() {
    let added = DispatchSubject<Int>()
    let totals = TestRecorder<Int>()
    let subscription = added.scan(100) { $0 + $1 }.subscribe(totals.handler)

    [1, 2, 3, -6].forEach(added.dispatch)

    #expect(totals.values == [101, 103, 106, 100])
    subscription.dispose()
    #expect(added.subscriptionCount == 0)
  }

  @Test func eachSubscriptionFoldsFromTheStartOnItsOwn() {
    let added = DispatchSubject<Int>()
    let sums = added.scan(0) { $0 + $1 }
    let first = TestRecorder<Int>()
    let second = TestRecorder<Int>()
    let a = sums.subscribe(first.handler)
    added.dispatch(5)
    let b = sums.subscribe(second.handler)

    added.dispatch(1)

    #expect(first.values == [5, 6])
    #expect(second.values == [1])
    a.dispose()
    b.dispose()
  }

  /// Four threads add at once; the fold sees every value once, one at a
  /// time, so its steps are exactly 1, 2, … 40 000.
  @Test func aFoldOverConcurrentDispatchesCountsEveryValueOnce() {
    let added = DispatchSubject<Int>()
    let steps = TestRecorder<Int>()
    let subscription = added.scan(0) { $0 + $1 }.subscribe(steps.handler)

    runOnThreads(4) { _ in
      for _ in 0..<10_000 { added.dispatch(1) }
    }

    #expect(expectDelivered(added))
    #expect(steps.values == Array(1...40_000))
    subscription.dispose()
  }

  @Test func startWithDeliversItsValuesBeforeAPropertysCurrentValue() {
    let results = Variable(["swift"])
    let rows = TestRecorder<[String]>()
    let subscription = results.startWith(["placeholder"], []).subscribe(rows.handler)

    results.value = ["swift", "json"]

    #expect(rows.values == [["placeholder"], [], ["swift"], ["swift", "json"]])
    subscription.dispose()
    #expect(results.subscriptionCount == 0)
  }

  /// The starting values go to each subscription when it is made, and are
  /// delivered before `subscribe` returns.
  @Test func startWithStartsEverySubscriptionAfresh() {
    let events = DispatchSubject<Int>()
    let started = events.startWith(0)
    let first = TestRecorder<Int>()
    let a = started.subscribe(first.handler)
    #expect(first.values == [0])
    events.dispatch(1)

    let second = TestRecorder<Int>()
    let b = started.subscribe(second.handler)
    events.dispatch(2)

    #expect(first.values == [0, 1, 2])
    #expect(second.values == [0, 2])
    a.dispose()
    b.dispose()
    #expect(events.subscriptionCount == 0)
  }

  /// Compared with the last value delivered, as RxSwift does: a drift in
  /// steps that are each "the same" is still dropped.
  @Test func distinctByComparesWithTheLastValueDelivered() {
    let readings = DispatchSubject<Int>()
    let shown = TestRecorder<Int>()
    let subscription = readings.distinctUntilChanged { abs($0 - $1) < 3 }
      .subscribe(shown.handler)

    [10, 11, 12, 13, 14, 9, 10].forEach(readings.dispatch)

    // 11, 12 are within 3 of 10; 13 is not; 14 is within 3 of 13; 9 is
    // not; 10 is within 3 of 9.
    #expect(shown.values == [10, 13, 9])
    subscription.dispose()
    #expect(readings.subscriptionCount == 0)
  }
}

import Dispatch
import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class CombineLatestAndMergeTests: XCTestCase {
  struct Pair: Equatable, CustomStringConvertible {
    let first: Int
    let second: String
    var description: String { "(\(first), \(second))" }
  }

  func testCombineLatestStartsOnceBothHaveDeliveredThenFollowsEither() {
    let numbers = DispatchSubject<Int>()
    let names = DispatchSubject<String>()
    let recorder = TestRecorder<Pair>()
    let token = Observable.combineLatest(numbers, names) { Pair(first: $0, second: $1) }
      .subscribe(recorder.handler)

    numbers.dispatch(1)
    numbers.dispatch(2)
    names.dispatch("a")
    numbers.dispatch(3)
    names.dispatch("b")

    XCTAssertEqual(
      recorder.values.map(\.description), ["(2, a)", "(3, a)", "(3, b)"])
    token.dispose()
  }

  func testCombineLatestOfPropertiesStartsWithTheirCurrentValues() {
    let count = Variable(1)
    let title = Variable("x")
    let recorder = TestRecorder<String>()
    let token = Observable.combineLatest(count, title, Variable(true)) { "\($0)\($1)\($2)" }
      .subscribe(recorder.handler)

    count.value = 2

    XCTAssertEqual(recorder.values, ["1xtrue", "2xtrue"])
    token.dispose()
  }

  /// One action that changes two inputs delivers two pairs: the first with
  /// only the input updated first.
  func testOneActionThatChangesBothInputsDeliversTheInBetweenPairFirst() {
    let action = DispatchSubject<Int>()
    let doubled = Variable(0)
    let squared = Variable(0)
    let bag = DisposeBag()
    action.subscribe { doubled.value = $0 * 2 }.disposed(by: bag)  // the store bound first
    action.subscribe { squared.value = $0 * $0 }.disposed(by: bag)
    let recorder = TestRecorder<String>()
    Observable.combineLatest(doubled, squared) { "\($0)/\($1)" }
      .subscribe(recorder.handler).disposed(by: bag)

    action.dispatch(3)

    XCTAssertEqual(recorder.values, ["0/0", "6/0", "6/9"])
  }

  @MainActor
  func testALatestValueViewNeverRendersTheInBetweenPair() async throws {
    let action = DispatchSubject<Int>()
    let doubled = Variable(0)
    let squared = Variable(0)
    let bag = DisposeBag()
    action.subscribe { doubled.value = $0 * 2 }.disposed(by: bag)
    action.subscribe { squared.value = $0 * $0 }.disposed(by: bag)
    let rendered = TestRecorder<String>()
    Observable.combineLatest(doubled, squared) { "\($0)/\($1)" }
      .observeOnMainActor(receiving: .latestValue) { rendered.handler($0) }
      .disposed(by: bag)
    try await rendered.waitForValues(count: 1)  // the starting pair

    for value in 1...3 {
      action.dispatch(value)
      try await rendered.waitForValues(count: value + 1)
    }

    XCTAssertEqual(rendered.values, ["0/0", "2/1", "4/4", "6/9"])
  }

  func testCombineLatestUnderConcurrentInputsDeliversEveryChangeOnceAndConsistently()
    async throws
  {
    for _ in 0..<10 {
      let left = DispatchSubject<Int>()
      let right = DispatchSubject<Int>()
      let recorder = TestRecorder<[Int]>()
      let token = Observable.combineLatest(left, right) { [$0, $1] }.subscribe(recorder.handler)
      left.dispatch(0)
      right.dispatch(0)

      runOnThreads(2) { thread in
        for value in 1...2_000 { (thread == 0 ? left : right).dispatch(value) }
      }
      // The combination orders its inputs through a subject of its own,
      // which may still be delivering: wait for the count.
      try await recorder.waitForValues(count: 1 + 4_000, timeout: .seconds(10))

      let pairs = recorder.values
      XCTAssertEqual(pairs.count, 1 + 4_000)
      // Each pair changes exactly one side by exactly one from the one before.
      for (before, after) in zip(pairs, pairs.dropFirst()) {
        let steps = zip(before, after).map { $1 - $0 }
        XCTAssertTrue(steps == [1, 0] || steps == [0, 1], "\(before) → \(after)")
      }
      XCTAssertEqual(pairs.last, [2_000, 2_000])
      token.dispose()
    }
  }

  /// The first pair of two states is there when `subscribe` returns, even
  /// while another thread keeps changing one of them: the combination
  /// subscribes to its inputs from inside its own delivery, so what the
  /// other thread sends meanwhile waits behind the subscribing thread,
  /// which delivers it before returning.
  func testTheFirstPairOfTwoStatesIsThereWhenSubscribeReturnsWhileAnotherThreadChangesOne() {
    let numbers = Variable(0)
    let names = Variable("a")
    let stop = TestAtomic(false)
    let flooding = DispatchGroup()
    flooding.enter()
    DispatchQueue.global().async {
      var value = 0
      while !stop.load(ordering: .sequentiallyConsistent) {
        value += 1
        numbers.value = value
      }
      flooding.leave()
    }
    var withoutAPair = 0
    // Many times: a subscription that reached the inputs while the other
    // thread was delivering into the combination is rare (about 1 in 1,000
    // without the guarantee).
    for _ in 0..<5_000 {
      let pairs = TestRecorder(Observable.combineLatest(numbers, names))
      if pairs.values.isEmpty { withoutAPair += 1 }
      pairs.dispose()
    }
    stop.store(true, ordering: .sequentiallyConsistent)
    XCTAssertEqual(flooding.wait(timeout: .now() + 10), .success)

    XCTAssertEqual(withoutAPair, 0, "subscriptions that returned without a pair")
  }

  func testDisposingACombinationEndsEveryUpstreamSubscription() {
    let left = DispatchSubject<Int>()
    let right = Variable("r")
    weak var weakLeft: DispatchSubject<Int>?
    let token = Observable.combineLatest(left, right).subscribe { _ in }
    weakLeft = left

    let live = (left.subscriptionCount, right.subscriptionCount)
    token.dispose()

    XCTAssertEqual(live.0, 1)
    XCTAssertEqual(live.1, 1)
    XCTAssertEqual(left.subscriptionCount, 0)
    XCTAssertEqual(right.subscriptionCount, 0)
    XCTAssertNotNil(weakLeft)
  }

  func testMergeDeliversEverySourceValueOnceInEachSourcesOrder() async throws {
    let sources = (0..<3).map { _ in DispatchSubject<Int>() }
    let recorder = TestRecorder<Int>()
    let token = Observable.merge(sources[0], sources[1], sources[2]).subscribe(recorder.handler)
    let overlap = NoReentryGuaranteeTests.Overlap()
    let checked = Observable.merge(sources).subscribe { _ in
      overlap.enter()
      overlap.leave()
    }

    runOnThreads(3) { thread in
      for index in 0..<3_000 { sources[thread].dispatch(thread * 10_000 + index) }
    }
    try await recorder.waitForValues(count: 9_000, timeout: .seconds(10))

    let values = recorder.values
    XCTAssertEqual(values.count, 9_000)
    for thread in 0..<3 {
      XCTAssertEqual(
        values.filter { $0 / 10_000 == thread }, Array(thread * 10_000..<thread * 10_000 + 3_000))
    }
    XCTAssertEqual(overlap.maximum.load(ordering: .relaxed), 1)
    token.dispose()
    checked.dispose()
    XCTAssertEqual(sources.map(\.subscriptionCount), [0, 0, 0])
  }

  /// Merged sources are subscribed in the order given, so the current
  /// values of merged variables arrive in that order too.
  func testMergedVariablesReplayTheirCurrentValuesInTheOrderGiven() {
    let first = Variable("first")
    let second = Variable("second")
    let third = Variable("third")
    let recorder = TestRecorder(Observable.merge(first, second, third))

    second.value = "second, changed"

    assertValues(recorder, equal: ["first", "second", "third", "second, changed"])
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport
import XCTest

final class DisposeBagTests: XCTestCase {
  func testDeinitDisposesEverythingInInsertionOrder() {
    let log = TestRecorder<String>()
    do {
      let bag = DisposeBag()
      AnyDisposable { log.handler("first") }.disposed(by: bag)
      AnyDisposable { log.handler("second") }.disposed(by: bag)
    }

    XCTAssertEqual(log.values, ["first", "second"])
  }

  func testDisposeEmptiesTheBag() {
    let bag = DisposeBag()
    let log = TestRecorder<String>()
    AnyDisposable { log.handler("a") }.disposed(by: bag)
    let countBefore = bag.count

    bag.dispose()

    XCTAssertEqual(countBefore, 1)
    XCTAssertEqual(bag.count, 0)
    XCTAssertEqual(log.values, ["a"])
  }

  func testInsertAfterDisposeDisposesAtOnce() {
    let bag = DisposeBag()
    let log = TestRecorder<String>()
    bag.dispose()

    AnyDisposable { log.handler("late") }.disposed(by: bag)

    XCTAssertEqual(log.values, ["late"])
    XCTAssertEqual(bag.count, 0)
  }

  func testDisposingTwiceRunsEachDisposableOnce() {
    let bag = DisposeBag()
    let log = TestRecorder<String>()
    AnyDisposable { log.handler("once") }.disposed(by: bag)

    bag.dispose()
    bag.dispose()

    XCTAssertEqual(log.values, ["once"])
  }

  func testBagsNest() {
    let outer = DisposeBag()
    let inner = DisposeBag()
    let log = TestRecorder<String>()
    AnyDisposable { log.handler("inner") }.disposed(by: inner)
    inner.disposed(by: outer)

    outer.dispose()

    XCTAssertEqual(log.values, ["inner"])
  }

  func testConcurrentInsertsAreAllDisposed() {
    let bag = DisposeBag()
    let disposed = Counter()

    runOnThreads(4) { _ in
      for _ in 0..<1_000 {
        AnyDisposable { disposed.increment() }.disposed(by: bag)
      }
    }
    let held = bag.count
    bag.dispose()

    XCTAssertEqual(held, 4_000)
    XCTAssertEqual(disposed.value, 4_000)
  }

  func testADisposableMayInsertIntoItsOwnBagWhileBeingDisposed() {
    let bag = DisposeBag()
    let log = TestRecorder<String>()
    AnyDisposable {
      log.handler("outer")
      AnyDisposable { log.handler("inserted during dispose") }.disposed(by: bag)
    }.disposed(by: bag)

    bag.dispose()

    XCTAssertEqual(log.values, ["outer", "inserted during dispose"])
  }

  func testSubscriptionsAndOtherDisposablesAreDisposedInInsertionOrder() {
    let subject = DispatchSubject<Int>()
    let seen = TestRecorder<Int>()
    let bag = DisposeBag()
    // 1 300 subscriptions (more than two chunks), and after every 100th a
    // disposable that records how many are still live when it runs.
    for index in 1...1_300 {
      subject.subscribe { _ in }.disposed(by: bag)
      if index % 100 == 0 {
        AnyDisposable { seen.handler(subject.subscriptionCount) }.disposed(by: bag)
      }
    }
    let held = bag.count

    bag.dispose()

    XCTAssertEqual(held, 1_313)
    XCTAssertEqual(seen.values, stride(from: 1_200, through: 0, by: -100).map { $0 })
    XCTAssertEqual(subject.subscriptionCount, 0)
  }
}

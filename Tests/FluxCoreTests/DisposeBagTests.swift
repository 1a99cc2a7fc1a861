import FluxCore
import XCTest

final class DisposeBagTests: XCTestCase {
  func testDeinitDisposesEverythingInInsertionOrder() {
    let log = Recorder<String>()
    do {
      let bag = DisposeBag()
      AnyDisposable { log.record("first") }.disposed(by: bag)
      AnyDisposable { log.record("second") }.disposed(by: bag)
    }

    XCTAssertEqual(log.values, ["first", "second"])
  }

  func testDisposeEmptiesTheBag() {
    let bag = DisposeBag()
    let log = Recorder<String>()
    AnyDisposable { log.record("a") }.disposed(by: bag)
    let countBefore = bag.count

    bag.dispose()

    XCTAssertEqual(countBefore, 1)
    XCTAssertEqual(bag.count, 0)
    XCTAssertEqual(log.values, ["a"])
  }

  func testInsertAfterDisposeDisposesAtOnce() {
    let bag = DisposeBag()
    let log = Recorder<String>()
    bag.dispose()

    AnyDisposable { log.record("late") }.disposed(by: bag)

    XCTAssertEqual(log.values, ["late"])
    XCTAssertEqual(bag.count, 0)
  }

  func testDisposingTwiceRunsEachDisposableOnce() {
    let bag = DisposeBag()
    let log = Recorder<String>()
    AnyDisposable { log.record("once") }.disposed(by: bag)

    bag.dispose()
    bag.dispose()

    XCTAssertEqual(log.values, ["once"])
  }

  func testBagsNest() {
    let outer = DisposeBag()
    let inner = DisposeBag()
    let log = Recorder<String>()
    AnyDisposable { log.record("inner") }.disposed(by: inner)
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
    let log = Recorder<String>()
    AnyDisposable {
      log.record("outer")
      AnyDisposable { log.record("inserted during dispose") }.disposed(by: bag)
    }.disposed(by: bag)

    bag.dispose()

    XCTAssertEqual(log.values, ["outer", "inserted during dispose"])
  }
}

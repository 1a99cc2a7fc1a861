import Dispatch
import FluxCore
import Foundation
import TestSupport
import XCTest

/// Guarantee 10, "on the main actor, at once", in a fresh process: the main
/// thread's first action, before any main-actor turn has run, is on a view
/// when `dispatch` returns, though the view subscribed on another thread.
///
/// In the test process some earlier turn has always run on the main thread;
/// only a child that runs this test alone starts with none.
final class FreshProcessAtOnceTests: XCTestCase {
  private static let freshChildVariable = "FLUXCORE_FRESH_PROCESS_CHILD"

  func testTheMainThreadsFirstActionBeforeAnyTurnIsOnTheViewWhenDispatchReturns() throws {
    guard ProcessInfo.processInfo.environment[Self.freshChildVariable] == nil else {
      return Self.firstActionOnTheMainThread()
    }
    let child = try ChildProcess(
      runningTest:
        "FluxCoreTests.FreshProcessAtOnceTests/"
        + "testTheMainThreadsFirstActionBeforeAnyTurnIsOnTheViewWhenDispatchReturns",
      environment: [Self.freshChildVariable: "1", "SWIFT_BACKTRACE": "enable=no"])
    guard let ending = child.wait(timeout: .seconds(60)) else {
      return XCTFail("too slow: the child did not end within a minute: \(child.output)")
    }
    XCTAssertEqual(ending, .exited(0), child.output)
    XCTAssertTrue(child.output.contains("shown when dispatch returned: 1"), child.output)
  }

  /// The child's side: a view subscribed on a thread of its own, then the
  /// main thread's first action, in a main-queue block (the main actor's
  /// first job), the process's first turn of any kind.
  private static func firstActionOnTheMainThread() {
    let subject = DispatchSubject<Int>()
    let shown = Lock(0)
    let subscribed = DispatchSemaphore(value: 0)
    let view = Lock<(any Disposable)?>(nil)
    Thread {
      let token = subject.observeOnMainActor { value in shown.withLock { $0 = value } }
      view.withLock { $0 = token }
      subscribed.signal()
    }.start()
    subscribed.wait()
    let done = DispatchSemaphore(value: 0)
    let atReturn = Lock(0)
    DispatchQueue.main.async {
      subject.dispatch(1)
      atReturn.withLock { $0 = shown.withLock { $0 } }
      print("shown when dispatch returned: \(atReturn.withLock { $0 })")
      done.signal()
    }
    // The main thread runs the main queue while it waits for the block.
    while done.wait(timeout: .now()) == .timedOut {
      RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01))
    }
    XCTAssertEqual(atReturn.withLock { $0 }, 1)
    view.withLock { $0 }?.dispose()
  }
}

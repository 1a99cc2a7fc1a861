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

  func testTheMainThreadsFirstActionBeforeAnyTurnIsOnTheViewWhenDispatchReturns() async throws {
    guard ProcessInfo.processInfo.environment[Self.freshChildVariable] == nil else {
      return await Self.firstActionOnTheMainThread()
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
  /// main thread's first action, on the main actor, before any turn of
  /// FluxCore's has run in the process.
  @MainActor
  private static func firstActionOnTheMainThread() async {
    let subject = DispatchSubject<Int>()
    let shown = Lock(0)
    let view = Lock<(any Disposable)?>(nil)
    await onANewThread {
      let token = subject.observeOnMainActor { value in shown.withLock { $0 = value } }
      view.withLock { $0 = token }
    }

    subject.dispatch(1)
    let atReturn = shown.withLock { $0 }

    print("shown when dispatch returned: \(atReturn)")
    XCTAssertEqual(atReturn, 1)
    view.withLock { $0 }?.dispose()
  }
}

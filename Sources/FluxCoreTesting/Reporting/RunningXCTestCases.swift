import FluxCore
import XCTest

/// Whether an XCTest case is running in this process, as XCTest itself
/// tells its observers: what decides where a failure made away from a
/// Swift Testing test's task goes.
///
/// XCTest has no public "current test case", so this watches
/// `XCTestObservationCenter`: a case is running between its
/// `testCaseWillStart` and its `testCaseDidFinish`. It starts watching
/// the first time a FluxCoreTesting check is called (``watch()``), the
/// earliest moment a library without a principal class has. That first
/// check usually runs inside a case that has already started, which the
/// observer never heard of: until it hears of a case starting or finishing,
/// the answer is ``Status-swift.enum/unknown``, and a failure goes to both
/// frameworks (the one that is not running drops it).
enum RunningXCTestCases {
  /// What is known of the XCTest cases running.
  enum Status: Sendable, Equatable {
    /// A case is running: `XCTFail` reaches it, from any thread.
    case running
    /// No case is running: XCTest would drop a failure.
    case none
    /// Nothing heard from XCTest yet: a case may have been running since
    /// before the observer was registered, or XCTest may not be running
    /// at all (a Swift Testing run).
    case unknown
  }

  private struct State: Sendable {
    var isRegistered = false
    var hasHeardFromXCTest = false
    var running = 0
  }

  private static let state = Lock(State())

  /// Registers an observer with XCTest, once; afterwards, one lock round
  /// trip.
  static func watch() {
    let isFirst = state.withLock { state in
      defer { state.isRegistered = true }
      return !state.isRegistered
    }
    // The center keeps its observers.
    if isFirst { XCTestObservationCenter.shared.addTestObserver(Observer()) }
  }

  /// What is known now.
  static var status: Status {
    state.withLock { state in
      guard state.hasHeardFromXCTest else { return .unknown }
      return state.running > 0 ? .running : .none
    }
  }

  /// What XCTest tells the observer: a case started (`1`) or finished
  /// (`-1`).
  fileprivate static func caseCount(changedBy change: Int) {
    state.withLock { state in
      state.hasHeardFromXCTest = true
      // A case that started before the observer was registered finishes
      // without having been counted.
      state.running = max(0, state.running + change)
    }
  }
}

/// The observer XCTest calls.
///
/// An `NSObject`: on Apple platforms, `XCTestObservation` is an
/// Objective-C protocol that refines `NSObjectProtocol`.
private final class Observer: NSObject, XCTestObservation {
  func testCaseWillStart(_ testCase: XCTestCase) {
    RunningXCTestCases.caseCount(changedBy: 1)
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    RunningXCTestCases.caseCount(changedBy: -1)
  }
}

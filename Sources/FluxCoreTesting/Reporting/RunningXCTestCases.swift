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

  /// What the observer has heard, and what it means.
  struct State: Sendable {
    var isRegistered = false
    var hasHeardFromXCTest = false
    var running = 0

    /// What is known from what was heard.
    var status: Status {
      guard hasHeardFromXCTest else { return .unknown }
      return running > 0 ? .running : .none
    }

    /// Notes that a case started (`1`) or finished (`-1`).
    mutating func caseCount(changedBy change: Int) {
      hasHeardFromXCTest = true
      // A case that started before the observer was registered finishes
      // without having been counted.
      running = max(0, running + change)
    }
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
    state.withLock { $0.status }
  }

  /// What XCTest tells the observer: a case started (`1`) or finished
  /// (`-1`).
  fileprivate static func caseCount(changedBy change: Int) {
    state.withLock { $0.caseCount(changedBy: change) }
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

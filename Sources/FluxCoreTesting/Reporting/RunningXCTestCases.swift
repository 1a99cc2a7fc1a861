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
final class RunningXCTestCases: NSObject, XCTestObservation, Sendable {
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

  /// The one observer.
  static let shared = RunningXCTestCases()

  private let state = Lock(State())

  private override init() {}

  /// Registers the observer with XCTest, once; afterwards, one lock round
  /// trip.
  static func watch() {
    let isFirst = shared.state.withLock { state in
      defer { state.isRegistered = true }
      return !state.isRegistered
    }
    if isFirst { XCTestObservationCenter.shared.addTestObserver(shared) }
  }

  /// What is known now.
  var status: Status {
    state.withLock { state in
      guard state.hasHeardFromXCTest else { return .unknown }
      return state.running > 0 ? .running : .none
    }
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    state.withLock { state in
      state.hasHeardFromXCTest = true
      state.running += 1
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    state.withLock { state in
      // A case that started before the observer was registered finishes
      // without having been counted.
      state.hasHeardFromXCTest = true
      state.running = max(0, state.running - 1)
    }
  }
}

import XCTest

/// The base of an `XCTestCase` whose tests use what needs the `Observation`
/// module (`ObservedProperty`, `ObservedCollection`, `@Observable`,
/// `withObservationTracking`): macOS 14, iOS 17, tvOS 17 or watchOS 10.
///
/// Such a class says so with `@available(macOS 14, iOS 17, tvOS 17,
/// watchOS 10, *)`, so that it compiles at the package's floor (macOS 13);
/// but XCTest ignores `@available` and runs its tests on an older system
/// all the same. This base skips each of them there, in `setUpWithError`,
/// which is not itself marked and so checks the system it runs on.
/// (`scripts/check-apple-floor` fails a marked class that derives from
/// `XCTestCase` directly.) A Swift Testing suite needs no base: `@Suite`
/// reads its `@available` and skips it.
open class ObservationTestCase: XCTestCase {
  override open func setUpWithError() throws {
    try super.setUpWithError()
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { throw XCTSkip.noObservation }
  }
}

extension XCTSkip {
  /// Skips a test that needs the `Observation` module on a system without it.
  ///
  /// For one test of a class that the system runs otherwise:
  /// `guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { throw XCTSkip.noObservation }`.
  package static var noObservation: XCTSkip {
    XCTSkip("needs the Observation module: macOS 14, iOS 17, tvOS 17 or watchOS 10")
  }
}

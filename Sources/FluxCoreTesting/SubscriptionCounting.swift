import FluxCore
import XCTest

/// Something that can tell how many subscriptions it holds: FluxCore's
/// subjects, variables, properties and stores.
public protocol SubscriptionCounting: AnyObject {
  /// The number of subscriptions that have not been disposed.
  var subscriptionCount: Int { get }
}

extension DispatchSubject: SubscriptionCounting {}
extension Variable: SubscriptionCounting {}
extension Property: SubscriptionCounting {}
extension Store: SubscriptionCounting {}

/// Asserts that none of `sources` holds a live subscription, and otherwise
/// fails naming each one that does.
///
/// ```swift
/// assertNoLiveSubscriptions(dispatcher.items, dispatcher.loading)
/// ```
///
/// - Parameters:
///   - sources: What to check.
///   - file: The file to report a failure in; the caller's by default.
///   - line: The line to report a failure at; the caller's by default.
public func assertNoLiveSubscriptions(
  _ sources: any SubscriptionCounting...,
  file: StaticString = #filePath, line: UInt = #line
) {
  let live = sources.enumerated().filter { $0.element.subscriptionCount > 0 }
  guard !live.isEmpty else { return }
  let list = live.map { index, source in
    "  #\(index + 1) \(type(of: source)): \(source.subscriptionCount) live"
  }
  XCTFail(
    "subscriptions are still live:\n" + list.joined(separator: "\n"), file: file, line: line)
}

extension XCTestCase {
  /// Checks, when the test ends, that none of `sources` holds a live
  /// subscription.
  ///
  /// Call it at the start of a test for the subjects and variables the code
  /// under test subscribes to; the check runs after the test body, in its
  /// teardown.
  ///
  /// - Parameters:
  ///   - sources: What to check at the end of the test.
  ///   - file: The file to report a failure in; the caller's by default.
  ///   - line: The line to report a failure at; the caller's by default.
  public func expectNoLiveSubscriptionsAtEnd(
    _ sources: any SubscriptionCounting...,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let checked = sources.map(WeakSource.init)
    addTeardownBlock {
      for source in checked.compactMap(\.source) where source.subscriptionCount > 0 {
        XCTFail(
          "\(type(of: source)) still holds \(source.subscriptionCount) subscriptions at the end of the test",
          file: file, line: line)
      }
    }
  }
}

/// Holds a source weakly, so that the teardown check keeps nothing alive.
private struct WeakSource: @unchecked Sendable {
  // Safe: only read in the teardown block, on the test's own thread.
  weak var source: (any SubscriptionCounting)?

  init(_ source: any SubscriptionCounting) {
    self.source = source
  }
}

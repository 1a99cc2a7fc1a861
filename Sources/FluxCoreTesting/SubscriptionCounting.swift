import FluxCore

/// Something that can tell how many subscriptions it holds: FluxCore's
/// subjects, variables, properties, stores and store bindings.
public protocol SubscriptionCounting: AnyObject, Sendable {
  /// The number of subscriptions that have not been disposed.
  var subscriptionCount: Int { get }
}

extension DispatchSubject: SubscriptionCounting {}
extension Variable: SubscriptionCounting {}
extension Property: SubscriptionCounting {}
extension Store: SubscriptionCounting {}
extension StoreBindings: SubscriptionCounting {}

/// Checks that none of `sources` holds a live subscription, and otherwise
/// records a failure naming each one that does.
///
/// ```swift
/// assertNoLiveSubscriptions(dispatcher.items, dispatcher.loading)
/// ```
///
/// - Parameters:
///   - sources: What to check.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func assertNoLiveSubscriptions(
  _ sources: any SubscriptionCounting...,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  checkNoLiveSubscriptions(
    sources, when: "",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Checks that none of `sources` holds a live subscription; the form of
/// earlier releases, which named only a file and a line.
@available(
  *, deprecated, message: "Leave out file: and line:; the caller's location is the default"
)
public func assertNoLiveSubscriptions(
  _ sources: any SubscriptionCounting..., file: StaticString, line: UInt = #line
) {
  checkNoLiveSubscriptions(
    sources, when: "", at: CallSite(fileID: file, filePath: file, line: line, column: 1))
}

/// Runs `body`, then checks that none of `sources` holds a live
/// subscription: for what `body` subscribed and should have ended.
///
/// ```swift
/// @Test func theScreenEndsItsSubscriptions() async {
///   let dispatcher = SearchDispatcher()
///   await withNoLiveSubscriptions(dispatcher.items, dispatcher.loading) {
///     let store = SearchStore(dispatcher: .init(dispatcher))
///     // …
///   }
/// }
/// ```
///
/// The sources are held until the check, so it is always made: a source
/// freed during the test would otherwise make it pass whatever happened.
/// Works in Swift Testing and XCTest alike; in an `XCTestCase`,
/// `expectNoLiveSubscriptionsAtEnd(_:)`
/// does the same at the end of the test.
///
/// - Parameters:
///   - sources: What to check once `body` returns or throws.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - isolation: The caller's actor, where `body` runs.
///   - body: The code under test.
/// - Returns: What `body` returns.
public func withNoLiveSubscriptions<Result>(
  _ sources: any SubscriptionCounting...,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Result
) async rethrows -> Result {
  defer {
    checkNoLiveSubscriptions(
      sources, when: " once the body returned",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  return try await body()
}

/// Records a failure naming each of `sources` that holds a live
/// subscription.
func checkNoLiveSubscriptions(
  _ sources: [any SubscriptionCounting], when: String, at site: CallSite
) {
  let live = sources.enumerated().compactMap { index, source in
    let count = source.subscriptionCount
    return count > 0 ? "  #\(index + 1) \(type(of: source)): \(count) live" : nil
  }
  guard !live.isEmpty else { return }
  reportFailure(
    "subscriptions are still live\(when):\n" + live.joined(separator: "\n"), at: site)
}

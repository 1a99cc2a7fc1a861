import FluxCore

/// Tests a screen's redraw budgets: which views each action redraws, and
/// how many times.
///
/// Register readers as view bodies: closures that read what a `body`
/// reads (`ObservedProperty` fields, `ObservedCollection` rows, an
/// app's own `@Observable` models), each with a name. Then send an action,
/// from the test's thread or another, and check the readers it redrew:
///
/// ```swift
/// @Test @MainActor func editingARowRedrawsThatRowOnly() async {
///   let rows = ObservedCollection(store.rows)
///   let redraws = RedrawTester(dispatcher)
///   redraws.reader("list") { rows.ids }
///   for id in rows.ids { redraws.reader("row \(id)") { rows[id: id] } }
///
///   actions.rename(7, to: "Seven")
///   await redraws.expect(["row 7"])  // row 7, once, and no other reader
///   actions.append(Row(id: 11, title: "Eleven"))
///   await redraws.expect(["list"])   // the list, and no row
/// }
/// ```
///
/// A reader is registered the way SwiftUI registers a body: it reads
/// inside `withObservationTracking`, a change of what it read invalidates
/// it (one redraw, counted), and it reads again on a later turn of the main
/// queue. A check waits until the action has reached the main actor and
/// the redraws it caused have run, then compares what was redrawn with the
/// budget. A reader redrawn more often than its budget allows, or less,
/// fails the test by name, at the line of the check, under Swift Testing
/// or XCTest; with exhaustivity on (the default), so does a reader the
/// budget does not name. With ``Exhaustivity/off``, only the readers the
/// budget names are checked (name one with a count of zero to say it must
/// not be redrawn).
///
/// Each check counts what was redrawn since the previous one, so check
/// after each action. A tester freed with redraws nobody checked fails the
/// test, when exhaustivity is on.
///
/// > Important: A check waits for the action to reach the main actor
/// > through the sources the tester was given: for an action sent from
/// > another thread, give it the dispatcher (or the subjects and
/// > variables) the action goes through, and check once the code that
/// > sends it has returned. An action dispatched and delivered on the main
/// > actor needs nothing: it is on every main-actor view when `dispatch`
/// > returns. A check then lets the main actor run until a whole turn
/// > passes in which no reader was invalidated or redrawn, so a view model
/// > that lands after the views have redrawn for the rest of its action
/// > (a hop or two behind) shows as a second redraw, as it would on screen.
/// > Counts are the same on Linux and Apple platforms: they come from the
/// > `Observation` module alone.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class RedrawTester {
  /// What a check waits for, each with the name a failure gives it.
  let sources: [(name: String, source: any DeliveryWaiting)]
  let tally: RedrawTally
  private var readers: [RedrawReader] = []
  /// How long a check waits for the deliveries, by default.
  public let timeout: Duration
  private let site: CallSite

  /// A tester that waits, before each check, for everything sent through
  /// `dispatcher` to have been delivered.
  ///
  /// - Parameters:
  ///   - dispatcher: The dispatcher the screen's actions go through; every
  ///     subject it holds is waited for.
  ///   - exhaustivity: Whether a reader that a budget does not name may be
  ///     redrawn.
  ///   - timeout: How long a check waits for the deliveries.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public convenience init<Dispatcher: DispatcherType>(
    _ dispatcher: Dispatcher, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let subjects = Mirror(reflecting: dispatcher).childrenWithSuperclasses.compactMap {
      child -> (name: String, source: any DeliveryWaiting)? in
      guard let subject = child.value as? any DeliveryWaiting else { return nil }
      return ("\(Dispatcher.self).\(child.label ?? "?")", subject)
    }
    self.init(
      sources: subjects, exhaustivity: exhaustivity, timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A tester that waits, before each check, for everything dispatched to
  /// `sources` to have been delivered; with none, for nothing (enough for
  /// actions dispatched and delivered on the main actor).
  ///
  /// - Parameters:
  ///   - sources: The subjects and variables the screen's actions go
  ///     through, in the order to wait for them.
  ///   - exhaustivity: Whether a reader that a budget does not name may be
  ///     redrawn.
  ///   - timeout: How long a check waits for the deliveries.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  public convenience init(
    waitingFor sources: [any DeliveryWaiting] = [], exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      sources: sources.enumerated().map {
        ("#\($0.offset + 1) \(type(of: $0.element))", $0.element)
      },
      exhaustivity: exhaustivity, timeout: timeout,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private init(
    sources: [(name: String, source: any DeliveryWaiting)], exhaustivity: Exhaustivity,
    timeout: Duration, site: CallSite
  ) {
    self.sources = sources
    tally = RedrawTally(exhaustivity: exhaustivity)
    self.timeout = timeout
    self.site = site
  }

  deinit {
    let (left, exhaustivity) = tally.take()
    guard exhaustivity == .on, left.total != 0 else { return }
    reportFailure(
      "readers were redrawn after the last check, and the test did not check them: \(left)",
      at: site)
  }

  /// Whether a reader that a budget does not name may be redrawn; see
  /// ``Exhaustivity``.
  public var exhaustivity: Exhaustivity {
    get { tally.exhaustivity }
    set { tally.exhaustivity = newValue }
  }

  /// Registers a reader named `name` that reads what `read` reads, as a
  /// view's `body` would; it reads once now.
  ///
  /// ```swift
  /// redraws.reader("header") { profile.name }        // one field
  /// redraws.reader("row 7") { rows[id: 7] }          // one row
  /// redraws.reader("status") { viewModel.status }    // an @Observable model
  /// ```
  ///
  /// Readers may share a name: their redraws are counted together.
  ///
  /// - Parameters:
  ///   - name: The name that budgets and failures give the reader.
  ///   - read: Reads what the view shows; its result is not used.
  public func reader<Value>(_ name: String, _ read: @escaping @MainActor () -> Value) {
    tally.registered(name)
    readers.append(RedrawReader(name: name, tally: tally) { _ = read() })
  }

  /// Checks the readers redrawn since the last check against `budget`,
  /// once the action has reached the main actor and its redraws have run.
  ///
  /// Waits, at most `timeout`, for everything dispatched to the tester's
  /// sources to have been delivered; then lets the main actor run until a
  /// whole turn passes in which no reader was invalidated or redrawn. Never
  /// sleeps for a fixed time.
  ///
  /// - Parameters:
  ///   - budget: The readers the action may redraw, and how many times.
  ///   - timeout: How long to wait for the deliveries; the tester's by
  ///     default.
  ///   - fileID: The caller's file ID; leave the default.
  ///   - filePath: The caller's file path; leave the default.
  ///   - line: The caller's line; leave the default.
  ///   - column: The caller's column; leave the default.
  /// - Returns: What was redrawn since the last check.
  @discardableResult
  public func expect(
    _ budget: Redraws, timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> Redraws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    let late = await waitForDeliveries(timeout: timeout)
    let settled = late.isEmpty ? await settle() : true
    let (counted, exhaustivity) = tally.take()
    if !late.isEmpty {
      reportFailure(notDelivered(late, within: timeout, counted: counted), at: site)
    } else if !settled {
      reportFailure(notSettled(counted), at: site)
    } else if let failure = budget.failure(for: counted, exhaustivity, readers: tally.names) {
      reportFailure(failure, at: site)
    }
    return counted
  }
}

import FluxCore
import FluxCoreRecording
import FluxCoreTesting
import Foundation
import TestSupport
import XCTest

/// The inspector page, opened in a real browser (Chromium, headless): its
/// script runs, and the DOM it leaves is checked.
///
/// Skipped, saying so, when no browser is installed, unless
/// `FLUXCORE_REQUIRE_BROWSER` is set, as CI sets it: then a missing browser
/// fails the test.
final class InspectorBrowserTests: XCTestCase {
  /// A session with ordinary values, hostile ones, a huge one, and an action
  /// the recording skips.
  private func recordSession() async throws -> String {
    let dispatcher = InspectedDispatcher()
    let store = InspectedStore(dispatcher: .init(dispatcher))
    let lines = TestRecorder<String>()
    let recording = ActionRecording.start(
      dispatcher, state: { store.state }, writingLinesTo: lines.handler)
    let actions = AnyObserverDispatcher(dispatcher)
    actions.query.dispatch("json")
    actions.count.dispatch(5)
    actions.query.dispatch(Self.hostileScript)
    actions.query.dispatch(Self.hostileImage)
    actions.note.dispatch(Callback {})
    actions.query.dispatch("line\u{2028}separator\u{2029} and \u{1B}[31mred")
    actions.query.dispatch(String(repeating: "x", count: 1 << 20))
    actions.count.dispatch(6)
    let summary = recording.stop()
    XCTAssertEqual(summary.actions, 7)
    return lines.values.joined(separator: "\n")
  }

  static let hostileScript = "</script><script>document.title='pwned'</script>"
  static let hostileImage = "<img src=x onerror=\"document.title='pwned'\">"

  func testEveryActionHasARowAndTheChosenStepShowsWhatChanged() async throws {
    let page = try await open(recordSession(), fragment: "step=2")

    XCTAssertEqual(page.dom.components(separatedBy: #"<li class="action"#).count - 1, 7)
    XCTAssertTrue(page.dom.contains(#"<li class="action selected" data-step="2">"#), page.excerpt)
    XCTAssertTrue(page.dom.contains(#"<li class="change changed">count: 0 → 5</li>"#), page.excerpt)
    XCTAssertTrue(page.dom.contains("step 2 of 7"))
    page.expectNoErrors()
  }

  func testTheSummaryCountsActionsPerSubjectAndWhatWasSkipped() async throws {
    let page = try await open(recordSession())

    XCTAssertTrue(page.dom.contains("7 actions over"), page.excerpt)
    XCTAssertTrue(page.dom.contains("InspectedDispatcher.query: 5"))
    XCTAssertTrue(page.dom.contains("InspectedDispatcher.count: 2"))
    XCTAssertTrue(page.dom.contains("skipped: 1 (InspectedDispatcher.note: 1)"))
    XCTAssertTrue(page.dom.contains("dropped: 0"))
    page.expectNoErrors()
  }

  func testHostileValuesShowAsTextAndRunNothing() async throws {
    let page = try await open(recordSession(), fragment: "step=4")

    XCTAssertTrue(page.dom.contains("<title>A session</title>"), "the title changed")
    XCTAssertFalse(page.dom.contains("<img"), "an image element was made from a value")
    XCTAssertFalse(page.dom.contains("pwned</title>"))
    // Shown, as text, in the timeline and in the detail of step 4.
    XCTAssertTrue(page.dom.contains("&lt;img src=x onerror="), page.excerpt)
    XCTAssertTrue(page.dom.contains("&lt;/script&gt;&lt;script&gt;document.title="), page.excerpt)
    page.expectNoErrors()
  }

  func testAFilterShowsOneSubjectsActions() async throws {
    let page = try await open(recordSession(), fragment: "filter=InspectedDispatcher.count")

    XCTAssertEqual(page.visibleSteps, [2, 7])
    XCTAssertTrue(page.dom.contains(#"<li class="action selected" data-step="2">"#), page.excerpt)
    page.expectNoErrors()
  }

  /// Opens the inspector page for `recording` in the browser, at
  /// `fragment`, and returns the DOM its script left.
  private func open(_ recording: String, fragment: String = "") throws -> BrowserPage {
    guard let browser = Self.browser else {
      if ProcessInfo.processInfo.environment["FLUXCORE_REQUIRE_BROWSER"] != nil {
        XCTFail("no headless browser found, and FLUXCORE_REQUIRE_BROWSER is set")
        throw XCTSkip("no browser")
      }
      throw XCTSkip(
        "no headless browser (chromium) is installed: the inspector is not checked in one")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("report.html")
    try RecordingInspector.page(forJSONLines: recording, title: "A session")
      .write(to: file, atomically: true, encoding: .utf8)

    let child = try ChildProcess(
      browser,
      arguments: [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
        "--enable-logging=stderr", "--v=0", "--dump-dom",
        file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment),
      ], separateStandardError: true)
    guard case .exited(0)? = child.wait(timeout: .seconds(60)) else {
      XCTFail("the browser did not finish: \(child.errorOutput.suffix(2_000))")
      throw XCTSkip("browser failed")
    }
    return BrowserPage(dom: child.output, log: child.errorOutput)
  }

  /// The headless browser to use: `FLUXCORE_BROWSER`, or the first of
  /// Chromium's names found on the `PATH`.
  private static let browser: String? = {
    if let chosen = ProcessInfo.processInfo.environment["FLUXCORE_BROWSER"] { return chosen }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }()
}

/// What the browser left: the DOM, and its log.
struct BrowserPage {
  let dom: String
  let log: String

  /// The steps of the rows not hidden, in order.
  var visibleSteps: [Int] {
    let row = try! NSRegularExpression(pattern: #"<li class="action[^"]*" data-step="(\d+)">"#)
    return row.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).compactMap { match in
      Range(match.range(at: 1), in: dom).flatMap { Int(dom[$0]) }
    }
  }

  /// The start of the DOM, for failure messages.
  var excerpt: String { String(dom.prefix(3_000)) }

  /// Fails the test if the page's script reported an error, or the browser
  /// logged a console message.
  func expectNoErrors(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(
      dom.contains(#"<pre id="errors" hidden=""></pre>"#), "the page reported errors: \(excerpt)",
      file: file, line: line)
    let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
    XCTAssertEqual(console, [], "console messages", file: file, line: line)
  }
}

/// A dispatcher with a query, a count and a note the recording skips.
final class InspectedDispatcher: DispatcherType {
  static let shared = InspectedDispatcher()
  let query = DispatchSubject<String>()
  let count = DispatchSubject<Int>()
  let note = DispatchSubject<Callback>()
}

struct InspectedState: Codable, Equatable, Sendable {
  var query = ""
  var count = 0
}

final class InspectedStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  private let query = Variable("")
  private let count = Variable(0)

  init(dispatcher: AnyObservableDispatcher<InspectedDispatcher>) {
    super.init()
    bind(dispatcher.query, to: query)
    bind(dispatcher.count, to: count)
  }

  var state: InspectedState { InspectedState(query: query.value, count: count.value) }
}

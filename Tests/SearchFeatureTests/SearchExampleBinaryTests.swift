import Foundation
import TestSupport
import XCTest

/// Runs the built `SearchExample` binary and checks what it prints.
final class SearchExampleBinaryTests: XCTestCase {
  private struct Run {
    let status: Int32
    let output: [String]
    let error: String
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> Run {
    let run = try runSearchExample(arguments, input: Array((input ?? "").utf8))
    return Run(
      status: run.status,
      output: run.output.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init).dropLast().map { $0 },
      error: run.error)
  }

  func testWithNoArgumentsItPlaysTheScriptedSessionAndExitsZero() throws {
    let run = try run(["--latency", "0"])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.error, "")
    XCTAssertEqual(
      run.output,
      [
        "FluxCore SearchExample: a scripted session against the stub API.",
        "> type “j”, “js”, “json” (debounced: one request)",
        "  Searching for “json”…",
        "   1. JSON Testing — harbor · ★ 4,699 · json, testing",
        "   2. JSON Server — fernway · ★ 3,822 · json, server",
        "   3. JSON Docs — lumen · ★ 3,521 · json, docs",
        "   4. JSON Parser — northwind · ★ 2,945 · json, parser",
        "   5. JSON CLI — cobalt · ★ 2,644 · json, cli",
        "  Showing 5 of 8 results for “json”. More with n.",
        "> n (next page)",
        "  Loading page 2 of “json”…",
        "   6. JSON Kit — tidewater · ★ 1,767 · json, kit",
        "   7. JSON Client — quill · ★ 890 · json, client",
        "   8. JSON Cache — ember-labs · ★ 589 · json, cache",
        "  Showing all 8 results for “json”.",
        "> f 6 (star JSON Kit)",
        "  ☆ Starring JSON Kit… Favorites: JSON Kit.",
        "  ★ Starred JSON Kit. Favorites: JSON Kit. u: Undo Star JSON Kit",
        "> f 7 while the service is down",
        "  ☆ Starring JSON Client… Favorites: JSON Kit, JSON Client. u: Undo Star JSON Kit",
        "  Could not star JSON Client: the search service is unavailable. Rolled back. "
          + "Favorites: JSON Kit. u: Undo Star JSON Kit",
        "> f 3 (star JSON Docs)",
        "  ☆ Starring JSON Docs… Favorites: JSON Kit, JSON Docs. u: Undo Star JSON Kit",
        "  ★ Starred JSON Docs. Favorites: JSON Kit, JSON Docs. u: Undo Star JSON Docs",
        "> u (undo)",
        "  Undid Star JSON Docs. Favorites: JSON Kit. u: Undo Star JSON Kit · U: Redo Star JSON Docs",
        "> U (redo)",
        "  Redid Star JSON Docs. Favorites: JSON Kit, JSON Docs. u: Undo Star JSON Docs",
        "> another device stars JSON Cache (a sync, not a step)",
        "  ⇣ Synced from another device. Favorites: JSON Kit, JSON Docs, JSON Cache. "
          + "u: Undo Star JSON Docs",
        "> u (undo: the sync stays)",
        "  Undid Star JSON Docs. Favorites: JSON Kit, JSON Cache. u: Undo Star JSON Kit · "
          + "U: Redo Star JSON Docs",
        "> search “http” while the service is down",
        "  Searching for “http”…",
        "  Search for “http” failed: the search service is unavailable. Retry with r.",
        "> r (retry)",
        "  Searching for “http”…",
        "   1. HTTP Client — harbor · ★ 4,398 · http, client",
        "   2. HTTP Cache — quill · ★ 4,097 · http, cache",
        "   3. HTTP Testing — lumen · ★ 3,220 · http, testing",
        "   4. HTTP Server — cobalt · ★ 2,343 · http, server",
        "   5. HTTP Docs — fernway · ★ 2,042 · http, docs",
        "  Showing 5 of 8 results for “http”. More with n.",
        "> search “zebra”",
        "  Searching for “zebra”…",
        "  No results for “zebra”.",
        // 5 + 3 + 5 rows, each drawn once by its own view; a list reading
        // the whole array draws 5, then all 8 for the next page, then 5.
        "> rows drawn: 13 by one view per row (ObservedCollection); a list that reads the "
          + "whole array would have drawn 18",
      ])
  }

  func testAQueryLoadsTheRequestedPages() throws {
    let run = try run(["sql", "--pages", "2", "--per-page", "3", "--latency=0"])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.output.filter { $0.hasPrefix("   ") }.count, 6)
    XCTAssertEqual(run.output.last, "  Showing 6 of 8 results for “sql”. More with n.")
  }

  func testInteractiveModeRunsCommandsUntilQuit() throws {
    let run = try run(["--interactive", "--latency", "0"], input: "sql cache\nn\nr\nq\njson\n")

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(
      run.output,
      [
        "Type a query, n for the next page, r to retry, f N to star row N, u to undo, U to redo, "
          + "q to quit.",
        "  Searching for “sql cache”…",
        "   1. SQL Cache — fernway · ★ 4,647 · sql, cache",
        "  Showing the only result for “sql cache”.",
        "  No more results.",
        "  Nothing to retry.",
      ])
  }

  /// Stars, undo and redo, and every way to get a row number wrong: each
  /// says what it did or why it did nothing.
  func testInteractiveFavoritesStarUndoAndRedoAndRefuseRowsThatDoNotExist() throws {
    let input = [
      "f 1", "u", "sql", "f", "f 0", "f -1", "f 99999999999999999999", "f x", "f 3", "f 1",
      "f 1", "u", "u", "u", "U", "q",
    ].joined(separator: "\n")

    let run = try run(["--interactive", "--latency", "0"], input: input)

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.error, "")
    XCTAssertEqual(
      Array(run.output.dropFirst()),
      [
        "  There are no rows to star yet: search first.",
        "  Nothing to undo.",
        "  Searching for “sql”…",
        "   1. SQL Client — cobalt · ★ 4,948 · sql, client",
        "   2. SQL Cache — fernway · ★ 4,647 · sql, cache",
        "   3. SQL Testing — northwind · ★ 3,770 · sql, testing",
        "   4. SQL Server — ember-labs · ★ 2,893 · sql, server",
        "   5. SQL Docs — tidewater · ★ 2,592 · sql, docs",
        "  Showing 5 of 8 results for “sql”. More with n.",
        "  Star which row? Type f and its number, as in f 2.",
        "  There is no row “0”: pick one from 1 to 5.",
        "  There is no row “-1”: pick one from 1 to 5.",
        "  There is no row “99999999999999999999”: pick one from 1 to 5.",
        "  There is no row “x”: pick one from 1 to 5.",
        "  ☆ Starring SQL Testing… Favorites: SQL Testing.",
        "  ★ Starred SQL Testing. Favorites: SQL Testing. u: Undo Star SQL Testing",
        "  ☆ Starring SQL Client… Favorites: SQL Testing, SQL Client. u: Undo Star SQL Testing",
        "  ★ Starred SQL Client. Favorites: SQL Testing, SQL Client. u: Undo Star SQL Client",
        "  ☆ Unstarring SQL Client… Favorites: SQL Testing. u: Undo Star SQL Client",
        "  ★ Unstarred SQL Client. Favorites: SQL Testing. u: Undo Unstar SQL Client",
        "  Undid Unstar SQL Client. Favorites: SQL Testing, SQL Client. u: Undo Star SQL Client · "
          + "U: Redo Unstar SQL Client",
        "  Undid Star SQL Client. Favorites: SQL Testing. u: Undo Star SQL Testing · "
          + "U: Redo Star SQL Client",
        "  Undid Star SQL Testing. Favorites: none. U: Redo Star SQL Testing",
        "  Redid Star SQL Testing. Favorites: SQL Testing. u: Undo Star SQL Testing · "
          + "U: Redo Star SQL Client",
      ])
  }

  func testInteractiveModeStopsAtTheEndOfInput() throws {
    let run = try run(["--interactive", "--latency", "0"], input: "zebra")

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.output.last, "  No results for “zebra”.")
  }

  /// The view draws on a later turn of the main actor than the actions it
  /// shows (as a SwiftUI view does), so both actions that end a load are
  /// logged before the screen shows their outcome.
  func testLogPrintsEachActionBeforeItsEffects() throws {
    let run = try run(["zebra", "--log", "--latency", "0"])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(
      run.output,
      [
        "    · SearchDispatcher.request ← “zebra”, page 1",
        "    · SearchDispatcher.loading ← true",
        "  Searching for “zebra”…",
        "    · SearchDispatcher.items ← 0 of 0 items for “zebra”, page 1",
        "    · SearchDispatcher.loading ← false",
        "  No results for “zebra”.",
      ])
  }

  func testAnEmptyOrBlankQueryIsAUsageErrorThatExitsTwo() throws {
    for query in ["", "   ", "\t"] {
      let run = try run([query])

      XCTAssertEqual(run.status, 2, query.debugDescription)
      XCTAssertEqual(run.output, [])
      XCTAssertTrue(
        run.error.hasPrefix("error: the query is blank; give one with letters or digits\n"),
        run.error)
    }
  }

  func testControlCharactersFromInputAreEscapedNotPrinted() throws {
    let run = try run(
      ["--interactive", "--latency", "0"], input: "\u{1B}[31mred\n\u{202E}evil\nq\n")

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(
      run.output,
      [
        "Type a query, n for the next page, r to retry, f N to star row N, u to undo, U to redo, "
          + "q to quit.",
        "  Searching for “\\u{1B}[31mred”…",
        "  No results for “\\u{1B}[31mred”.",
        "  Searching for “\\u{202E}evil”…",
        "  No results for “\\u{202E}evil”.",
      ])
  }

  private func temporaryFile(_ name: String, contents: String? = nil) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-\(UUID().uuidString)-\(name)")
    if let contents { try contents.write(to: url, atomically: true, encoding: .utf8) }
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  func testReplayingARecordedSessionShowsWhatTheSessionShowed() throws {
    let recording = try temporaryFile("session.jsonl")

    let session = try run(["--latency", "0", "--record", recording.path])
    let replay = try run(["--replay", recording.path])

    XCTAssertEqual(session.status, 0)
    XCTAssertEqual(replay.status, 0)
    XCTAssertEqual(replay.error, "")
    // The screen: everything but the script's narration.
    let screen = session.output.filter { !$0.hasPrefix("> ") && !$0.hasPrefix("FluxCore ") }
    XCTAssertEqual(replay.output, screen)
    XCTAssertEqual(screen.count, 33)
  }

  /// The scripted session's recording is complete: every action, each with
  /// the store's state after it, nothing dropped or skipped, and a summary.
  func testTheScriptedSessionsRecordingIsCompleteWithStates() throws {
    let recording = try temporaryFile("session.jsonl")

    let session = try run(["--latency", "0", "--record", recording.path])

    XCTAssertEqual(session.status, 0)
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, 30 + 1)  // 20 of the search, 10 of the favorites
    XCTAssertTrue(lines.dropLast().allSatisfy { $0.contains(#""state":{"#) })
    XCTAssertTrue(
      lines.last?.hasPrefix(#"{"summary":{"actions":30,"dropped":0,"#) == true,
      String(lines.last ?? ""))
    XCTAssertTrue(lines.last?.contains(#""skipped":{},"statesOmitted":0}}"#) == true)
  }

  /// `--report` writes the inspector page of a session, live or replayed:
  /// the same actions, with the store's state.
  func testAReportIsWrittenForALiveSessionAndForItsReplay() throws {
    let recording = try temporaryFile("session.jsonl")
    let liveReport = try temporaryFile("live.html")
    let replayReport = try temporaryFile("replay.html")

    let live = try run(
      ["json", "--latency", "0", "--record", recording.path, "--report", liveReport.path])
    let replay = try run(["--replay", recording.path, "--report", replayReport.path])

    XCTAssertEqual(live.status, 0)
    XCTAssertEqual(replay.status, 0)
    XCTAssertEqual(live.output.last, "  (inspector page: \(liveReport.path))")
    for report in [liveReport, replayReport] {
      let page = try String(contentsOf: report, encoding: .utf8)
      XCTAssertTrue(page.hasPrefix("<!doctype html>"))
      XCTAssertTrue(page.contains("<title>SearchExample session</title>"))
      XCTAssertEqual(page.components(separatedBy: #"{"label":"SearchDispatcher."#).count - 1, 4)
      XCTAssertEqual(page.components(separatedBy: #""state":{"#).count - 1, 4)
    }
  }

  func testAReportThatCannotBeWrittenIsAnErrorBeforeAnythingRuns() throws {
    let run = try run(["json", "--report", "/nonexistent-directory/report.html"])

    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, [])
    XCTAssertEqual(
      run.error, "error: cannot write the report to /nonexistent-directory/report.html\n")
  }

  /// `--state-dir` remembers the last search between runs, and says what
  /// it restored.
  func testTheLastSearchIsRestoredOnTheNextRun() throws {
    let directory = try temporaryFile("state")

    let first = try run(["json", "--pages", "2", "--latency", "0", "--state-dir", directory.path])
    let second = try run(["zebra", "--latency", "0", "--state-dir", directory.path])
    let third = try run(["sql", "--latency", "0", "--state-dir", directory.path])

    XCTAssertEqual(first.status, 0)
    XCTAssertFalse(first.output.contains { $0.hasPrefix("Restored") })
    XCTAssertEqual(second.output.first, "Restored your last search: “json”, page 2")
    XCTAssertEqual(third.output.first, "Restored your last search: “zebra”, page 1")
  }

  /// An unreadable memory is kept, moved aside, and said; the run goes on.
  func testAnUnreadableMemoryIsKeptAndReportedAndTheRunGoesOn() throws {
    let directory = try temporaryFile("state")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("search.json")
    try Data("{\"value\":{\"query\":".utf8).write(to: file)

    let run = try run(["http", "--latency", "0", "--state-dir", directory.path])

    XCTAssertEqual(run.status, 0)
    let first = try XCTUnwrap(run.output.first)
    XCTAssertTrue(
      first.hasPrefix(
        "Could not read saved state: not a state file (not valid JSON: a torn or damaged file); "
          + "moved it to \(file.path).unreadable-not-a-state-file-"), first)
    XCTAssertTrue(first.hasSuffix(". Starting afresh."))
    let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("search.json.unreadable-") }
    XCTAssertEqual(moved.count, 1)
    XCTAssertEqual(
      try String(contentsOf: directory.appendingPathComponent(moved[0]), encoding: .utf8),
      "{\"value\":{\"query\":")
    XCTAssertTrue(run.output.contains("   1. HTTP Client — harbor · ★ 4,398 · http, client"))
  }

  /// The example, killed at random instants of its scripted session and
  /// started again, always finds its memory whole: every start that got as
  /// far as a line restores a search (the first run leaves one; a killed
  /// run leaves the last one saved).
  ///
  /// 20 rounds, or `FLUXCORE_KILL_ROUNDS`.
  func testKilledAndRestartedManyTimesTheMemoryIsAlwaysReadable() throws {
    let directory = try temporaryFile("state")
    XCTAssertEqual(try run(["json", "--latency", "0", "--state-dir", directory.path]).status, 0)
    var random = SystemRandomNumberGenerator()
    var started = 0
    for round in 0..<killRounds(default: 20) {
      let child = try ChildProcess(
        builtProduct("SearchExample").path,
        arguments: ["--latency", "0", "--state-dir", directory.path])
      // The instant of the kill is what is random here; nothing waits on it.
      usleep(UInt32.random(in: 50_000...1_000_000, using: &random))
      child.kill(SIGKILL)
      _ = child.wait(timeout: .seconds(10))
      // The example flushes each line, so what it wrote before the kill is
      // here.
      let output = child.output
      guard !output.isEmpty else { continue }
      started += 1
      XCTAssertTrue(output.hasPrefix("Restored your last search: "), "round \(round): \(output)")
    }
    let last = try run(["--latency", "0", "--state-dir", directory.path])
    XCTAssertTrue(last.output.first?.hasPrefix("Restored your last search: ") == true)
    XCTAssertGreaterThan(started, 0, "no run got as far as its first line before it was killed")
  }

  func testABadRecordingPrintsTheErrorAndExitsTwo() throws {
    let good = #"{"label":"SearchDispatcher.loading","time":0.1,"value":true}"#
    let cases: [(String, String)] = [
      (
        good + "\n" + #"{"label":"SearchDispatcher.request","time":0.2,"value":{"pa"# + "\n"
          + good,
        "line 2: not a recorded action: not valid JSON (a truncated line?)"
      ),
      (
        #"{"label":"SearchDispatcher.loading","time":0.1,"value":"yes"}"#,
        "line 1: SearchDispatcher.loading holds Bool, not this: expected Bool at value"
      ),
      (
        good + "\n" + #"{"label":"SearchDispatcher.refresh","time":0.2,"value":1}"#,
        "line 2: SearchDispatcher has no subject “SearchDispatcher.refresh”"
      ),
      (
        good + "\n" + #"{"label":"SearchDispatcher.undo","time":0.2,"value":1}"#,
        "line 2: SearchDispatcher.undo holds UndoCommand, not this: expected Dictionary<String, Any> at value"
      ),
      ("", "the recording holds no action"),
    ]
    for (contents, message) in cases {
      let file = try temporaryFile("bad.jsonl", contents: contents)

      let run = try run(["--replay", file.path])

      XCTAssertEqual(run.status, 2, message)
      XCTAssertEqual(run.output, [], message)
      XCTAssertEqual(run.error, "error: \(file.path): \(message)\n")
    }
    let missing = try temporaryFile("missing.jsonl")
    let run = try run(["--replay", missing.path])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.error, "error: \(missing.path): cannot read \(missing.path)\n")
  }

  func testHelpPrintsUsageAndExitsZero() throws {
    let run = try run(["--help"])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.output.first, "USAGE: SearchExample [<query>] [options]")
  }

  func testAnUnknownOptionPrintsUsageToStandardErrorAndExitsTwo() throws {
    let run = try run(["--colour"])

    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, [])
    XCTAssertTrue(run.error.hasPrefix("error: unknown option “--colour”\n"))
    XCTAssertTrue(run.error.contains("USAGE: SearchExample"))
  }

  func testBadValuesExitTwoWithAMessage() throws {
    let cases: [([String], String)] = [
      (["--latency", "soon"], "error: --latency takes a number from 0 to 60000, not “soon”"),
      (["json", "--pages", "0"], "error: --pages takes a number from 1 to 1000, not “0”"),
      (["--failure-rate", "2"], "error: --failure-rate takes a number from 0.0 to 1.0, not “2”"),
      (["--pages", "2"], "error: --pages needs a <query>"),
      (["json", "--interactive"], "error: give either a <query> or --interactive, not both"),
      (["--seed"], "error: --seed needs a value"),
      (
        ["--record", "--latency", "0"],
        "error: --record needs a value, and “--latency” is an option; "
          + "for a value that starts with -, write --record=--latency"
      ),
    ]
    for (arguments, message) in cases {
      let run = try run(arguments)

      XCTAssertEqual(run.status, 2, "\(arguments)")
      XCTAssertEqual(run.error.split(separator: "\n").first.map(String.init), message)
    }
  }
}

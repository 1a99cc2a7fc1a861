import FluxCoreTesting
import Foundation
import SearchConsole
import TestSupport
import XCTest

/// Generated hostile input for `SearchExample`: argument lists and interactive
/// sessions, run through the program in process (thousands, fast) and
/// through the built binary (a sample, for real exit codes).
///
/// Every outcome must be a run that exits 0, prints something and nothing on
/// standard error, or a usage error that exits 2 with `error: …` on standard error and
/// nothing on standard output; and nothing printed may hold a raw control
/// character. A failure names its seed:
///
/// - `FLUXCORE_FUZZ_SEED=N swift test --filter ExampleFuzzTests` replays seed N
///   and prints its input;
/// - `FLUXCORE_FUZZ_RUNS=N` runs N seeds instead of the default, for a soak,
///   or a shorter run (CI's sanitizer runs take 100).
///
/// The inputs it found are kept as regression cases (`regressions`, and
/// `SessionRecordingTests` for a recording). A crash ends the whole test
/// process before it can name the seed: the seed being run is always in
/// `fluxcore-fuzz-seed.txt` in the temporary directory.
@MainActor
final class ExampleFuzzTests: XCTestCase {
  private var environment: [String: String] { ProcessInfo.processInfo.environment }
  private var replaySeed: UInt64? { environment["FLUXCORE_FUZZ_SEED"].flatMap(UInt64.init) }
  private func runs(_ default: Int) -> Int {
    environment["FLUXCORE_FUZZ_RUNS"].flatMap(Int.init) ?? `default`
  }

  /// Inputs that broke the example once: an empty query trapped in the
  /// parser, a blank one printed nothing, and control characters reached the
  /// terminal raw.
  static let regressions: [(arguments: [String], lines: [String])] = [
    ([""], []),
    (["   "], []),
    (["="], []),
    (["--pages="], []),
    (["--", "-x"], []),
    (["\u{1B}[31mred", "--latency", "0"], []),
    (["--interactive"], ["\u{1B}[2J", "\u{1B}]0;title\u{7}", "n", "r"]),
    (["--interactive", "--log"], ["\u{202E}evil", "   ", ""]),
    (["--interactive"], ["f", "f 0", "f -1", "f 99999999999999999999", "u", "U", "f \u{1B}[2J"]),
    (["--interactive"], ["json", "f 1", "f 2", "f 3", "f 4", "u", "u", "u", "U", "U", "f 1", "u"]),
  ]

  func testTheRegressionCasesExitCleanly() async throws {
    for (arguments, lines) in Self.regressions {
      let violations = try await Self.check(arguments: arguments, lines: lines)
      XCTAssertEqual(violations, [], "\(arguments.debugDescription) \(lines.debugDescription)")
    }
  }

  /// The parser alone: never traps, and every error says something.
  func testTheParserTakesThousandsOfGeneratedArgumentListsWithoutTrapping() {
    for seed in seeds(default: 5_000) {
      Self.noteSeed(seed, #function)
      var random = SeededRandomNumberGenerator(seed: seed)
      let arguments = FuzzInput.arguments(using: &random)
      do {
        let options = try Options.parse(arguments)
        if case .query(let query, let pages) = options.mode {
          XCTAssertTrue(query.contains { !$0.isWhitespace }, "seed \(seed): a blank query ran")
          XCTAssertTrue((1...1_000).contains(pages), "seed \(seed)")
        }
      } catch {
        XCTAssertFalse(error.message.isEmpty, "seed \(seed): an empty error message")
      }
    }
  }

  /// Whole programs, in process, from generated command lines.
  func testGeneratedCommandLinesExitZeroOrTwoAndPrintNoControlCharacters() async throws {
    for seed in seeds(default: 300) {
      Self.noteSeed(seed, #function)
      var random = SeededRandomNumberGenerator(seed: seed)
      let arguments = FuzzInput.arguments(using: &random)
      guard Self.isQuick(arguments) else { continue }
      try await expectClean(seed: seed, arguments: arguments, lines: [])
    }
  }

  /// Interactive sessions, in process, from generated lines.
  func testGeneratedInteractiveInputExitsZeroAndPrintsNoControlCharacters() async throws {
    for seed in seeds(default: 200) {
      Self.noteSeed(seed, #function)
      var random = SeededRandomNumberGenerator(seed: seed)
      let lines = FuzzInput.lines(using: &random)
      try await expectClean(
        seed: seed, arguments: ["--interactive", "--latency", "0"], lines: lines)
    }
  }

  /// The built binary, for a sample: real exit codes, real standard input
  /// (bytes that are not UTF-8, no final newline).
  nonisolated func testTheBinaryExitsZeroOrTwoOnASampleOfGeneratedInput() throws {
    for seed in (ProcessInfo.processInfo.environment["FLUXCORE_FUZZ_SEED"].flatMap(UInt64.init))
      .map({ [$0] }) ?? Array(1...8)
    {
      Self.noteSeed(seed, #function)
      var random = SeededRandomNumberGenerator(seed: seed)
      var arguments = FuzzInput.arguments(using: &random)
      if !Self.isQuick(arguments) { arguments = ["--interactive"] }
      let input = FuzzInput.rawInput(using: &random)
      let run = try runSearchExample(["--latency", "0"] + arguments, input: input)
      let violations = Self.violations(status: run.status, output: run.output, error: run.error)
      XCTAssertEqual(violations, [], Self.describe(seed: seed, arguments, input: "\(input)"))
    }
  }

  /// Recordings, in process: a real session's recording, mutated, and
  /// generated ones.
  ///
  /// A bad file must be a usage error; a good one must play.
  func testGeneratedAndMutatedRecordingsReplayOrExitTwo() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = directory.appendingPathComponent("session.jsonl")
    let recorded = try await Self.check(
      arguments: ["--latency", "0", "--record", original.path], lines: [])
    XCTAssertEqual(recorded, [])
    let session = try String(contentsOf: original, encoding: .utf8)

    for seed in seeds(default: 300) {
      Self.noteSeed(seed, #function)
      var random = SeededRandomNumberGenerator(seed: seed)
      let recording =
        Bool.random(using: &random)
        ? FuzzInput.mutated(session, using: &random) : FuzzInput.recording(using: &random)
      let file = directory.appendingPathComponent("\(seed).jsonl")
      try recording.write(to: file, atomically: true, encoding: .utf8)
      if replaySeed != nil { print(Self.describe(seed: seed, [], input: recording)) }
      let violations = try await Self.check(
        arguments: ["--replay", file.path], lines: [], replaying: true)
      XCTAssertEqual(violations, [], Self.describe(seed: seed, ["--replay"], input: recording))
    }
  }

  // MARK: Running and checking

  private func seeds(default count: Int) -> [UInt64] {
    replaySeed.map { [$0] } ?? Array(1...UInt64(runs(count)))
  }

  /// Writes the seed about to run where a crash leaves it.
  private nonisolated static func noteSeed(_ seed: UInt64, _ test: String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fluxcore-fuzz-seed.txt")
    try? "\(test) seed \(seed)\n".write(to: file, atomically: false, encoding: .utf8)
  }

  private func expectClean(seed: UInt64, arguments: [String], lines: [String]) async throws {
    if replaySeed != nil { print(Self.describe(seed: seed, arguments, input: "\(lines)")) }
    let violations = try await Self.check(arguments: arguments, lines: lines)
    XCTAssertEqual(violations, [], Self.describe(seed: seed, arguments, input: "\(lines)"))
  }

  private nonisolated static func describe(seed: UInt64, _ arguments: [String], input: String)
    -> String
  {
    """
    seed \(seed) (replay: FLUXCORE_FUZZ_SEED=\(seed) swift test --filter ExampleFuzzTests)
    arguments: \(arguments.debugDescription)
    input: \(input.debugDescription.prefix(2_000))
    """
  }

  /// Whether a run with these arguments finishes in milliseconds: no
  /// latency above 5 ms (the stub waits for it for real).
  nonisolated static func isQuick(_ arguments: [String]) -> Bool {
    guard let options = try? Options.parse(arguments) else { return true }
    return options.latencyMilliseconds <= 5
  }

  /// Runs the program in process and returns what broke the rules.
  static func check(
    arguments: [String], lines: [String], replaying: Bool = false
  ) async throws -> [String] {
    let output = TestRecorder<String>()
    let error = TestRecorder<String>()
    let status = try await withTimeout { @MainActor in
      await Program.run(
        arguments: arguments,
        input: AsyncStream { continuation in
          for line in lines { continuation.yield(line) }
          continuation.finish()
        },
        debounce: .zero, write: output.handler, writeError: error.handler)
    }
    return violations(
      status: status, output: output.values.joined(separator: "\n"),
      error: error.values.joined(separator: "\n"), replaying: replaying)
  }

  /// What breaks the rules in a run's outcome.
  ///
  /// A replay may print nothing: a recording of actions that change nothing
  /// on screen shows nothing. It may say, on standard error, that the
  /// recording's last line was cut short and is not played, and exit 0.
  nonisolated static func violations(
    status: Int32, output: String, error: String, replaying: Bool = false
  ) -> [String] {
    var found: [String] = []
    switch status {
    case Program.success:
      let tornTail =
        replaying && error.hasPrefix("note: ") && !error.contains("\n")
        && error.hasSuffix(" was cut short; not played")
      if !error.isEmpty && !tornTail {
        found.append("exit 0 with standard error: \(error.prefix(200))")
      }
      // Every mode prints something: the script's header, a query's status,
      // the interactive prompt, or the help.
      if output.isEmpty && !replaying { found.append("exit 0 without printing anything") }
    case Program.usageError:
      if !error.hasPrefix("error: ") { found.append("exit 2 without “error: ”") }
      if !output.isEmpty { found.append("exit 2 with output: \(output.prefix(200))") }
    default:
      found.append("exit \(status)")
    }
    for (name, text) in [("output", output), ("standard error", error)]
    where text.unicodeScalars.contains(where: { $0 != "\n" && Terminal.isControl($0) }) {
      found.append("a raw control character in \(name): \(text.debugDescription.prefix(300))")
    }
    return found
  }

}

/// What the fuzz tests generate.
enum FuzzInput {
  static let flags = [
    "--pages", "--per-page", "--latency", "--failure-rate", "--seed", "--interactive", "--log",
    "-h", "--help", "--", "-", "--unknown", "-x", "--pages=", "--latency=0", "--seed=-5",
    "--per-page=100", "--failure-rate=1",
  ]
  static let values = [
    "", " ", "   ", "\t", "0", "1", "2", "3", "-1", "100", "1000", "1001", "60001",
    "99999999999999999999", "-99999999999999999999", "0.5", "nan", "inf", "-inf", "1e308",
    "0x10", "+1", "json", "http", "sql cache", "zebra", "error", "n", "q", "é", "日本語", "🙂",
    "\u{1B}[31m", "\u{7}", "\u{0}", "\u{7F}", "\u{9B}31m", "\u{202E}evil", "a=b", "=", "--",
    String(repeating: "x", count: 10_000),
  ]

  /// Zero to six arguments, flags and values mixed.
  static func arguments(using random: inout SeededRandomNumberGenerator) -> [String] {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in
      Bool.random(using: &random)
        ? flags.randomElement(using: &random)! : values.randomElement(using: &random)!
    }
  }

  /// Zero to eight lines: commands, queries, control characters, very long
  /// lines.
  static func lines(using random: inout SeededRandomNumberGenerator) -> [String] {
    (0..<Int.random(in: 0...8, using: &random)).map { _ in
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        [
          "n", "r", "q", "", " n ", "N", "f", "f 1", "f 2", "f 0", "f -1", "f 9",
          "f 99999999999999999999", "f x", "u", "U", " u ", "f  3 ",
        ].randomElement(using: &random)!
      case 1: values.randomElement(using: &random)!
      case 2:
        String(
          (0..<Int.random(in: 1...20, using: &random)).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
          })
      default: ["json", "http", "sql", "cache"].randomElement(using: &random)!
      }
    }
  }

  static let labels =
    [
      "request", "loading", "items", "error", "undo", "star", "starAnswer", "",
    ].map { "SearchDispatcher.\($0)" } + ["Other.items", ""]

  static let jsonValues = [
    "true", "false", "null", "0", "-1", "9223372036854775807", "1e400", "\"text\"", "[]", "{}",
    #"{"page":1,"perPage":5,"query":"json"}"#,
    #"{"page":9223372036854775807,"perPage":9223372036854775807,"query":"\u001b[31m"}"#,
    #"{"page":-3,"perPage":0,"query":""}"#,
    #"{"request":{"page":1,"perPage":5,"query":"x"},"items":[],"totalCount":-5}"#,
    #"{"request":{"page":2,"perPage":5,"query":"\u202eevil"},"items":[{"id":1,"title":"\u0007","author":"","tags":["\u001b"],"stars":-9223372036854775808}],"totalCount":9223372036854775807}"#,
    #"{"serviceUnavailable":{}}"#, #"{"rejected":{"query":"\u001b]0;x\u0007"}}"#,
    #"{"unexpected":{"_0":"boom"}}"#,
    #"{"undo":{"steps":1}}"#, #"{"undo":{"steps":-9223372036854775808}}"#,
    #"{"redo":{"steps":9223372036854775807}}"#, #"{"jump":{"to":-1}}"#, #"{"clear":{}}"#,
    #"{"beginGroup":{"label":"\u001b[2J"}}"#, #"{"endGroup":{}}"#,
    #"{"id":1,"item":{"id":6,"title":"JSON Kit","author":"a","tags":[],"stars":1},"starred":true}"#,
    #"{"saved":{"_0":{"id":1,"item":{"id":6,"title":"\u202e","author":"","tags":[],"stars":-1},"starred":false}}}"#,
    #"{"failed":{"_0":{"id":9,"item":{"id":1,"title":"x","author":"","tags":[],"stars":0},"starred":true},"_1":{"serviceUnavailable":{}}}}"#,
  ]

  /// A recording of zero to ten lines, each a recorded action or nearly.
  static func recording(using random: inout SeededRandomNumberGenerator) -> String {
    var time = 0.0
    return (0..<Int.random(in: 0...10, using: &random)).map { _ in
      time += Double.random(in: -0.1...1, using: &random)
      let label = labels.randomElement(using: &random)!
      let value = jsonValues.randomElement(using: &random)!
      return #"{"label":"\#(label)","time":\#(time),"value":\#(value)}"#
    }.joined(separator: "\n")
  }

  /// `text` with one to three mutations: truncated, a byte changed or
  /// inserted, lines swapped, repeated or dropped, a number made huge.
  static func mutated(_ text: String, using random: inout SeededRandomNumberGenerator) -> String {
    var lines = text.split(separator: "\n").map(String.init)
    for _ in 0...Int.random(in: 0...2, using: &random) where !lines.isEmpty {
      let index = Int.random(in: 0..<lines.count, using: &random)
      var scalars = Array(lines[index].unicodeScalars)
      switch Int.random(in: 0..<7, using: &random) {
      case 0: scalars = Array(scalars.prefix(Int.random(in: 0...scalars.count, using: &random)))
      case 1 where !scalars.isEmpty:
        scalars[Int.random(in: 0..<scalars.count, using: &random)] = Unicode.Scalar(
          UInt8.random(in: 0...0x7F, using: &random))
      case 2:
        scalars.insert(
          contentsOf: "\u{1B}[2J\\u0007".unicodeScalars,
          at: Int.random(in: 0...scalars.count, using: &random))
      case 3:
        lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
        continue
      case 4:
        lines.insert(lines[index], at: index)
        continue
      case 5:
        lines.remove(at: index)
        continue
      default:
        lines[index] = lines[index].replacingOccurrences(of: ":1,", with: ":9223372036854775807,")
        continue
      }
      lines[index] = String(String.UnicodeScalarView(scalars))
    }
    return lines.joined(separator: "\n")
  }

  /// Raw standard input: lines, bytes that are not UTF-8, and sometimes no
  /// final newline.
  static func rawInput(using random: inout SeededRandomNumberGenerator) -> [UInt8] {
    var bytes = Array(lines(using: &random).joined(separator: "\n").utf8)
    if Bool.random(using: &random) { bytes += [0xFF, 0xFE, 0xC3] }
    if Bool.random(using: &random) { bytes.append(0x0A) }
    return bytes
  }
}

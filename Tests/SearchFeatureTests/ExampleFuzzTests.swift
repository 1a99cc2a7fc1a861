import Foundation
import SearchConsole
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
/// - `FLUXCORE_FUZZ_RUNS=N` runs N seeds instead of the default, for a soak.
///
/// The inputs it found are kept as regression cases (`regressions`).
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
      var random = FuzzRandom(seed: seed)
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
      var random = FuzzRandom(seed: seed)
      let arguments = FuzzInput.arguments(using: &random)
      guard Self.isQuick(arguments) else { continue }
      try await expectClean(seed: seed, arguments: arguments, lines: [])
    }
  }

  /// Interactive sessions, in process, from generated lines.
  func testGeneratedInteractiveInputExitsZeroAndPrintsNoControlCharacters() async throws {
    for seed in seeds(default: 200) {
      var random = FuzzRandom(seed: seed)
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
      var random = FuzzRandom(seed: seed)
      var arguments = FuzzInput.arguments(using: &random)
      if !Self.isQuick(arguments) { arguments = ["--interactive"] }
      let input = FuzzInput.rawInput(using: &random)
      let run = try runBinary(["--latency", "0"] + arguments, input: input)
      let violations = Self.violations(status: run.status, output: run.output, error: run.error)
      XCTAssertEqual(violations, [], Self.describe(seed: seed, arguments, input: "\(input)"))
    }
  }

  // MARK: Running and checking

  private func seeds(default count: Int) -> [UInt64] {
    replaySeed.map { [$0] } ?? Array(1...UInt64(runs(count)))
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
  static func check(arguments: [String], lines: [String]) async throws -> [String] {
    let output = Lines()
    let error = Lines()
    let status = try await withTimeout { @MainActor in
      await Program.run(
        arguments: arguments,
        input: AsyncStream { continuation in
          for line in lines { continuation.yield(line) }
          continuation.finish()
        },
        debounce: .zero, write: output.append, writeError: error.append)
    }
    return violations(
      status: status, output: output.all.joined(separator: "\n"),
      error: error.all.joined(separator: "\n"))
  }

  nonisolated static func violations(status: Int32, output: String, error: String) -> [String] {
    var found: [String] = []
    switch status {
    case Program.success:
      if !error.isEmpty { found.append("exit 0 with standard error: \(error.prefix(200))") }
      // Every mode prints something: the script's header, a query's status,
      // the interactive prompt, or the help.
      if output.isEmpty { found.append("exit 0 without printing anything") }
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

  private nonisolated func runBinary(_ arguments: [String], input: [UInt8]) throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("SearchExample")
    process.arguments = arguments
    let (output, error, stdin) = (Pipe(), Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin
    try process.run()
    stdin.fileHandleForWriting.write(Data(input))
    try stdin.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }
}

/// Lines a program printed, from any thread.
final class Lines: @unchecked Sendable {
  // Safe: `lines` is only touched while holding `lock`.
  private let lock = NSLock()
  private var lines: [String] = []

  var append: @Sendable (String) -> Void {
    { [self] line in
      lock.lock()
      lines.append(line)
      lock.unlock()
    }
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// A seedable generator (xorshift64*): a seed names one input everywhere.
struct FuzzRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
  }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
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
  static func arguments(using random: inout FuzzRandom) -> [String] {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in
      Bool.random(using: &random)
        ? flags.randomElement(using: &random)! : values.randomElement(using: &random)!
    }
  }

  /// Zero to eight lines: commands, queries, control characters, very long
  /// lines.
  static func lines(using random: inout FuzzRandom) -> [String] {
    (0..<Int.random(in: 0...8, using: &random)).map { _ in
      switch Int.random(in: 0..<4, using: &random) {
      case 0: ["n", "r", "q", "", " n ", "N"].randomElement(using: &random)!
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

  /// Raw standard input: lines, bytes that are not UTF-8, and sometimes no
  /// final newline.
  static func rawInput(using random: inout FuzzRandom) -> [UInt8] {
    var bytes = Array(lines(using: &random).joined(separator: "\n").utf8)
    if Bool.random(using: &random) { bytes += [0xFF, 0xFE, 0xC3] }
    if Bool.random(using: &random) { bytes.append(0x0A) }
    return bytes
  }
}

/// The command line of `SearchExample`, parsed.
public struct Options: Equatable, Sendable {
  /// What a run does.
  public enum Mode: Equatable, Sendable {
    /// Play a scripted session.
    case scripted
    /// Search for a query, loading up to `pages` pages.
    case query(String, pages: Int)
    /// Read commands from standard input.
    case interactive
    /// Play the recording in the file at this path.
    case replay(String)
  }

  /// What to run.
  public var mode = Mode.scripted
  /// The stub's latency.
  public var latencyMilliseconds = 150
  /// Items per page.
  public var perPage = 5
  /// The probability that a request fails.
  public var failureRate = 0.0
  /// The seed of the random failures.
  public var seed: UInt64 = 1
  /// Whether to print every action.
  public var logActions = false
  /// Whether to print the help and stop.
  public var showHelp = false
  /// Where to record the session's actions, if anywhere.
  public var recordPath: String?
  /// Where to write an inspector page of the session, if anywhere.
  public var reportPath: String?
  /// Where to remember the last search between runs, if anywhere.
  public var stateDirectory: String?

  /// The help text.
  public static let usage = """
    USAGE: SearchExample [<query>] [options]

    Searches a stub catalogue of 64 packages through FluxCore: action creator →
    dispatcher → store → view. With no query, plays a scripted session: a search,
    the next page, stars (one refused and rolled back) with undo and redo, a
    failure, a retry and a query with no results.

    ARGUMENTS:
      <query>               Search for <query> (try: json, http, "sql cache"). A blank
                            query is an error. After --, every argument is taken as
                            the query, even one that starts with -.

    OPTIONS:
      --pages <n>           With <query>: load up to <n> pages (default 1).
      --per-page <n>        Items per page (default 5).
      --latency <ms>        Latency of each stub request in milliseconds (default 150).
      --failure-rate <p>    Make requests fail at random with probability <p>, 0 to 1.
      --seed <n>            Seed of the random failures (default 1).
      --interactive         Read commands from standard input: a query to search,
                            n for the next page, r to retry, f N to star row N (or
                            unstar it), u to undo the last change of the favorites,
                            U to redo it, q to quit. The stub refuses one star in
                            four, which is then rolled back.
      --log                 Print every action sent to the dispatcher.
      --record <file>       Record every action of the session, with the store's state
                            after it, to <file>, as JSON Lines.
      --report <file>       Write an inspector page of the session to <file>: one HTML
                            file, to open in a browser (works with --replay too).
      --state-dir <dir>     Remember the last search (query and page) in <dir>
                            between runs, and say what was restored.
      --replay <file>       Play a recording instead of a session: the screen shows what
                            the recorded session showed, without calling the stub API.
                            A file that cannot be played is an error (exit 2).
      -h, --help            Show this help.
    """

  /// An error in the arguments, said in one line.
  public struct UsageError: Error, Equatable {
    /// What is wrong.
    public let message: String
  }

  /// Parses the arguments that follow the program name.
  ///
  /// Never traps: every list of strings gives options or a ``UsageError``.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var query: String?
    var pages: Int?
    var interactive = false
    var replayPath: String?
    var remaining = arguments[...]

    func value(for flag: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.first else {
        throw UsageError(message: "\(flag) needs a value")
      }
      // An option where the value should be is a forgotten value, not a
      // value: `--record --latency 0` must not write a file "--latency".
      if next.looksLikeAnOption {
        throw UsageError(
          message: "\(flag) needs a value, and “\(next)” is an option; "
            + "for a value that starts with -, write \(flag)=\(next)")
      }
      remaining.removeFirst()
      return next
    }
    func number<T: LosslessStringConvertible & Comparable>(
      _ text: String, for flag: String, in range: ClosedRange<T>
    ) throws(UsageError) -> T {
      guard let number = T(text), range.contains(number) else {
        throw UsageError(
          message:
            "\(flag) takes a number from \(range.lowerBound) to \(range.upperBound), not “\(text)”")
      }
      return number
    }

    func path(_ text: String, for flag: String) throws(UsageError) -> String {
      guard text.contains(where: { !$0.isWhitespace }) else {
        throw UsageError(message: "\(flag) needs a file name")
      }
      return text
    }
    func setQuery(_ argument: String) throws(UsageError) {
      guard query == nil else {
        throw UsageError(message: "only one query, please; quote it: \"\(query!) \(argument)\"")
      }
      guard argument.contains(where: { !$0.isWhitespace }) else {
        throw UsageError(message: "the query is blank; give one with letters or digits")
      }
      query = argument
    }

    while let argument = remaining.popFirst() {
      // `--flag=value`: split at the first "=", if the argument is a flag.
      let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
      let flag = equals.map { String(argument[..<$0]) } ?? argument
      let inline = equals.map { String(argument[argument.index(after: $0)...]) }
      switch flag {
      case "--":
        while let positional = remaining.popFirst() { try setQuery(positional) }
      case "-h", "--help":
        options.showHelp = true
      case "--interactive":
        interactive = true
      case "--log":
        options.logActions = true
      case "--record":
        options.recordPath = try path(value(for: flag, inline: inline), for: flag)
      case "--replay":
        replayPath = try path(value(for: flag, inline: inline), for: flag)
      case "--report":
        options.reportPath = try path(value(for: flag, inline: inline), for: flag)
      case "--state-dir":
        options.stateDirectory = try path(value(for: flag, inline: inline), for: flag)
      case "--pages":
        pages = try number(value(for: flag, inline: inline), for: flag, in: 1...1_000)
      case "--per-page":
        options.perPage = try number(value(for: flag, inline: inline), for: flag, in: 1...100)
      case "--latency":
        options.latencyMilliseconds = try number(
          value(for: flag, inline: inline), for: flag, in: 0...60_000)
      case "--failure-rate":
        options.failureRate = try number(value(for: flag, inline: inline), for: flag, in: 0...1)
      case "--seed":
        options.seed = try number(value(for: flag, inline: inline), for: flag, in: 0...UInt64.max)
      case _ where argument.hasPrefix("-") && argument != "-":
        throw UsageError(message: "unknown option “\(argument)”")
      default:
        try setQuery(argument)
      }
    }

    if let replayPath {
      guard query == nil, !interactive, pages == nil, options.recordPath == nil else {
        throw UsageError(
          message: "--replay plays a recording: give no <query>, --interactive, --pages or --record"
        )
      }
      options.mode = .replay(replayPath)
      return options
    }
    switch (query, interactive) {
    case (let query?, false):
      options.mode = .query(query, pages: pages ?? 1)
    case (_?, true):
      throw UsageError(message: "give either a <query> or --interactive, not both")
    case (nil, _) where pages != nil:
      throw UsageError(message: "--pages needs a <query>")
    case (nil, true):
      options.mode = .interactive
    case (nil, false):
      options.mode = .scripted
    }
    return options
  }
}

extension String {
  /// Whether the argument reads as an option.
  ///
  /// `--anything` does, and so does `-` followed by a letter; a negative
  /// number or a lone `-` does not.
  fileprivate var looksLikeAnOption: Bool {
    guard hasPrefix("-"), count > 1 else { return false }
    return hasPrefix("--") || dropFirst().first?.isLetter == true
  }
}

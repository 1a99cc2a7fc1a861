/// The command line of `SearchExample`, parsed.
struct Options: Equatable {
  enum Mode: Equatable {
    /// Play a scripted session.
    case scripted
    /// Search for a query, loading up to `pages` pages.
    case query(String, pages: Int)
    /// Read commands from standard input.
    case interactive
  }

  var mode = Mode.scripted
  var latencyMilliseconds = 150
  var perPage = 5
  var failureRate = 0.0
  var seed: UInt64 = 1
  var logActions = false
  var showHelp = false

  static let usage = """
    USAGE: SearchExample [<query>] [options]

    Searches a stub catalogue of 64 packages through FluxCore: action creator →
    dispatcher → store → view. With no query, plays a scripted session: a search,
    the next page, a failure, a retry and a query with no results.

    ARGUMENTS:
      <query>               Search for <query> (try: json, http, "sql cache").

    OPTIONS:
      --pages <n>           With <query>: load up to <n> pages (default 1).
      --per-page <n>        Items per page (default 5).
      --latency <ms>        Latency of each stub request in milliseconds (default 150).
      --failure-rate <p>    Make requests fail at random with probability <p>, 0 to 1.
      --seed <n>            Seed of the random failures (default 1).
      --interactive         Read commands from standard input: a query to search,
                            n for the next page, r to retry, q to quit.
      --log                 Print every action sent to the dispatcher.
      -h, --help            Show this help.
    """

  /// An error in the arguments, said in one line.
  struct UsageError: Error, Equatable {
    let message: String
  }

  /// Parses the arguments that follow the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var query: String?
    var pages: Int?
    var interactive = false
    var remaining = arguments[...]

    func value(for flag: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
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

    while let argument = remaining.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let flag = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      switch flag {
      case "-h", "--help":
        options.showHelp = true
      case "--interactive":
        interactive = true
      case "--log":
        options.logActions = true
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
      case _ where argument.hasPrefix("-"):
        throw UsageError(message: "unknown option “\(argument)”")
      default:
        guard query == nil else {
          throw UsageError(message: "only one query, please; quote it: \"\(query!) \(argument)\"")
        }
        query = argument
      }
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

import FluxCore
import FluxCoreRecording
import Foundation

/// The whole `SearchExample` program, apart from its process.
///
/// It parses the arguments, runs the chosen mode, and returns the exit
/// status. The executable passes the real command line, standard input and output; the
/// tests pass their own and run thousands of programs in one process.
public enum Program {
  /// The exit status of a run that did what it was asked.
  public static let success: Int32 = 0
  /// The exit status of a run whose arguments were wrong.
  public static let usageError: Int32 = 2
  /// The exit status of a run that could not write its recording or report.
  public static let outputError: Int32 = 1

  /// Runs the program.
  ///
  /// Everything it prints goes through `write` (a line of output) and
  /// `writeError` (a line of standard error), with control characters
  /// escaped: text that came from input never reaches the terminal raw.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - input: The lines of standard input, for `--interactive`.
  ///   - debounce: How long typing waits before it searches; tests use 0.
  ///   - write: Prints one line of output.
  ///   - writeError: Prints one line of standard error.
  /// - Returns: ``success``, ``usageError`` (also on a system older than
  ///   macOS 14 or iOS 17, which the views need) or ``outputError``.
  @MainActor
  public static func run(
    arguments: [String],
    input: @autoclosure () -> AsyncStream<String>,
    debounce: Duration = .milliseconds(300),
    write: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void
  ) async -> Int32 {
    let write: @Sendable (String) -> Void = { write(Terminal.printable($0)) }
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      for line in "error: \(error.message)\n\n\(Options.usage)".split(
        separator: "\n", omittingEmptySubsequences: false)
      {
        writeError(Terminal.printable(String(line)))
      }
      return usageError
    }
    if options.showHelp {
      for line in Options.usage.split(separator: "\n", omittingEmptySubsequences: false) {
        write(String(line))
      }
      return success
    }
    // The views follow the view models through Observation: macOS 14,
    // iOS 17 (the package's floor is lower, for the libraries).
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
      writeError("error: SearchExample needs macOS 14, iOS 17, tvOS 17 or watchOS 10 (Observation)")
      return usageError
    }
    var remembered: RememberedSearch?
    if let directory = options.stateDirectory {
      do {
        remembered = try RememberedSearch(directory: directory, write: write)
      } catch {
        writeError(Terminal.printable("error: \(error)"))
        return usageError
      }
    }
    let session = Session(
      options: options, debounce: debounce, memory: remembered?.variable ?? Variable(nil),
      write: write)
    defer { session.end() }
    let outputs: SessionOutputs
    do {
      outputs = try SessionOutputs(options: options, session: session)
    } catch {
      writeError(Terminal.printable("error: \(error)"))
      return usageError
    }
    switch options.mode {
    case .replay(let path):
      do {
        let replay = try ActionReplay(
          contentsOf: URL(fileURLWithPath: path), into: session.dispatcher)
        if let torn = replay.tornTail {
          writeError(
            Terminal.printable("note: \(path): line \(torn.line) was cut short; not played"))
        }
        await session.replay(replay)
      } catch {
        outputs.abandon()
        writeError(Terminal.printable("error: \(path): \(error)"))
        return usageError
      }
    case .scripted:
      await session.playScript()
    case .query(let query, let pages):
      await session.search(query, pages: pages)
    case .interactive:
      await session.runInteractive(input())
    }
    let status = outputs.finish(write: write, writeError: { writeError(Terminal.printable($0)) })
    let saved = remembered?.flush { writeError(Terminal.printable($0)) } ?? success
    return status != success ? status : saved
  }
}

import FluxCore
import Foundation
import TestSupport

/// `swift test` did not build `SearchExample` next to the test bundle.
struct MissingBinary: Error {
  let path: String
}

/// The built `SearchExample` did not end within its timeout.
struct BinaryHung: Error {
  let arguments: [String]
  let timeout: Duration
  let output: String
}

/// A run of the built `SearchExample` hung earlier: this one was not
/// started.
struct BinaryHungEarlier: Error, CustomStringConvertible {
  let earlier: String

  var description: String {
    "not run: the example hung earlier (\(earlier)), and would hang again"
  }
}

/// Runs the built `SearchExample`, each run bounded by a timeout, and once
/// one run has hung, fails every later one at once.
///
/// A bug that makes the example hang (a delivery that never arrives, so its
/// session waits for ever) makes every one of its runs hang: each would wait
/// out its own timeout, and the tests that run it, one after another, would
/// hold CI for their sum. After the first, they fail without waiting.
final class SearchExampleRunner: Sendable {
  /// The runner of the tests: a minute a run.
  static let shared = SearchExampleRunner(timeout: .seconds(60))

  let timeout: Duration
  private let hung = Lock<String?>(nil)

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Runs the example with `arguments`, `input` on its standard input, and
  /// returns its exit status (128 + the signal, if a signal stopped it),
  /// output and standard error.
  ///
  /// - Throws: ``BinaryHung`` if it runs for longer than the timeout (it is
  ///   killed), ``BinaryHungEarlier`` if an earlier run did.
  func run(
    _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    if let earlier = hung.withLock({ $0 }) { throw BinaryHungEarlier(earlier: earlier) }
    let binary = builtProduct("SearchExample")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw MissingBinary(path: binary.path)
    }
    let inputFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-input-\(UUID().uuidString)")
    try Data(input).write(to: inputFile)
    defer { try? FileManager.default.removeItem(at: inputFile) }
    let child = try ChildProcess(
      binary.path, arguments: arguments, environment: environment,
      standardInput: inputFile.path, separateStandardError: true)
    guard let ending = child.wait(timeout: timeout) else {
      hung.withLock { $0 = $0 ?? "SearchExample \(arguments.joined(separator: " "))" }
      throw BinaryHung(arguments: arguments, timeout: timeout, output: child.output)
    }
    let status: Int32 =
      switch ending {
      case .exited(let status): status
      case .signalled(let signal): 128 + signal
      }
    return (status, child.output, child.errorOutput)
  }
}

/// Runs the built `SearchExample` with the tests' shared runner; see
/// ``SearchExampleRunner/run(_:input:environment:)``.
func runSearchExample(
  _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
) throws -> (status: Int32, output: String, error: String) {
  try SearchExampleRunner.shared.run(arguments, input: input, environment: environment)
}

import Foundation
import TestSupport

/// `swift test` did not build `SearchExample` next to the test bundle.
struct MissingBinary: Error {
  let path: String
}

/// The built `SearchExample` did not end within a minute.
struct BinaryHung: Error {
  let output: String
}

/// Runs the built `SearchExample` with `arguments`, `input` on its standard
/// input, and returns its exit status (128 + the signal, if a signal stopped
/// it), output and standard error; throws if it runs for more than a minute.
func runSearchExample(
  _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
) throws -> (status: Int32, output: String, error: String) {
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
  guard let ending = child.wait(timeout: .seconds(60)) else {
    throw BinaryHung(output: child.output)
  }
  let status: Int32 =
    switch ending {
    case .exited(let status): status
    case .signalled(let signal): 128 + signal
    }
  return (status, child.output, child.errorOutput)
}

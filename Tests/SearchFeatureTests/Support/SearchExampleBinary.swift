import Foundation

/// `swift test` did not build `SearchExample` next to the test bundle.
struct MissingBinary: Error {
  let path: String
}

/// Runs the built `SearchExample` with `arguments`, `input` on its standard
/// input, and returns its exit status, output and standard error.
func runSearchExample(_ arguments: [String], input: [UInt8] = []) throws -> (
  status: Int32, output: String, error: String
) {
  let binary = productsDirectory.appendingPathComponent("SearchExample")
  guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    throw MissingBinary(path: binary.path)
  }
  let process = Process()
  process.executableURL = binary
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

/// Where `swift test` put the products, the test bundle among them.
private var productsDirectory: URL {
  #if os(macOS)
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    return bundle.bundleURL.deletingLastPathComponent()
  }
  fatalError("cannot find the products directory")
  #else
  return Bundle.main.bundleURL
  #endif
}

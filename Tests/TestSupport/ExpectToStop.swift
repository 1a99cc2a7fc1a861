import Foundation
import XCTest

extension XCTestCase {
  /// The variable that tells a test it runs in a child process, to do what
  /// must stop the program.
  package static var childVariable: String { "FLUXCORE_MISUSE_CHILD" }

  /// Checks that `misuse` stops the program with a message containing
  /// `message`.
  ///
  /// In the child process, runs `misuse`. In the test process, runs the
  /// calling test again in a child, waits at most a minute for it to end
  /// (a child that loops or hangs instead is killed, and the test fails),
  /// and checks how it ended.
  ///
  /// - Returns: What the child printed.
  @discardableResult
  package func expectToStopTheProgram(
    saying message: String,
    test: String = #function, file: StaticString = #filePath, line: UInt = #line,
    _ misuse: () -> Void
  ) throws -> String {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      misuse()
      return ""  // not reached: the misuse stops the child
    }
    let name = "\(String(reflecting: type(of: self)))/\(test.prefix { $0 != "(" })"
    // No backtrace: the runtime would start swift-backtrace for the crash,
    // and under a sanitizer one could wait forever on a socket it inherits
    // both ends of, and keep every descriptor the test run inherited open
    // (a lock CI or a developer holds around the run among them).
    let child = try ChildProcess(
      runningTest: name, environment: [Self.childVariable: "1", "SWIFT_BACKTRACE": "enable=no"])
    let ending = child.wait(timeout: .seconds(60))
    let output = child.output
    switch ending {
    case nil:
      XCTFail("the child did not stop within a minute: \(output)", file: file, line: line)
    case .exited(0)?:
      XCTFail("the child finished normally: \(output)", file: file, line: line)
    default:
      break
    }
    XCTAssertTrue(output.contains(message), output, file: file, line: line)
    return output
  }
}

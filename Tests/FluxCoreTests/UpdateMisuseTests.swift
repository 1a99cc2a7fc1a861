import FluxCore
import Foundation
import XCTest

/// A `Variable.update` body that writes to its own variable would make the
/// update start over forever; FluxCore stops the program instead, with a
/// message that says what happened and what to do.
///
/// Each test runs the misuse in a child process (this test binary, asked to
/// run only that test, with `FLUXCORE_MISUSE_CHILD` set) and checks how the
/// child ended.
final class UpdateMisuseTests: XCTestCase {
  private static let childVariable = "FLUXCORE_MISUSE_CHILD"

  func testSettingTheValueInsideUpdateStopsTheProgramWithAMessage() throws {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      let variable = Variable(0)
      variable.update { value in
        value += 1
        variable.value = 10
      }
      return  // not reached: the child stops above
    }

    let child = try runThisTestInAChildProcess(
      named: "testSettingTheValueInsideUpdateStopsTheProgramWithAMessage")

    XCTAssertTrue(
      child.stopped, "the child did not stop with an error within a minute: \(child.output)")
    XCTAssertTrue(
      child.output.contains("Variable.update: the body wrote to the variable it is updating"),
      child.output)
    XCTAssertTrue(child.output.contains("Change the value through the body's inout parameter only"))
  }

  func testANestedUpdateOfTheSameVariableStopsTheProgram() throws {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      let variable = Variable([1])
      variable.update { outer in
        variable.update { $0.append(2) }
        outer.append(3)
      }
      return  // not reached: the child stops above
    }

    let child = try runThisTestInAChildProcess(
      named: "testANestedUpdateOfTheSameVariableStopsTheProgram")

    XCTAssertTrue(
      child.stopped, "the child did not stop with an error within a minute: \(child.output)")
    XCTAssertTrue(
      child.output.contains("Variable.update: the body wrote to the variable it is updating"),
      child.output)
  }

  func testWritesToOtherVariablesAndReadsInsideUpdateAreFine() {
    let variable = Variable(1)
    let other = Variable(0)

    variable.update { value in
      other.value = variable.value + 1
      other.update { $0 *= 10 }
      value += other.value
    }

    XCTAssertEqual(variable.value, 21)
    XCTAssertEqual(other.value, 20)
  }

  /// Runs one test of this class in a new process of this test binary, with
  /// the child variable set; returns whether it stopped on its own, on a
  /// trap or an error, within a minute, and what it printed.
  private func runThisTestInAChildProcess(named test: String) throws -> (
    stopped: Bool, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["FluxCoreTests.UpdateMisuseTests/\(test)"]
    process.environment = ProcessInfo.processInfo.environment.merging(
      [Self.childVariable: "1"], uniquingKeysWith: { $1 })
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // A child that loops instead of stopping is stopped here, so that the
    // regression fails this test rather than hanging it.
    let hung = exited.wait(timeout: .now() + 60) == .timedOut
    if hung {
      process.terminate()
      exited.wait()
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    let output = String(decoding: data, as: UTF8.self)
    let stopped =
      !hung && (process.terminationReason == .uncaughtSignal || process.terminationStatus != 0)
    return (stopped, output)
  }
}

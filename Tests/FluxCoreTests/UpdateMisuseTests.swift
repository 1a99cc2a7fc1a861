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
    let output = try expectChildToStop {
      let variable = Variable(0)
      variable.update { value in
        value += 1
        variable.value = 10
      }
    }

    XCTAssertTrue(output.contains("Change the value through the body's inout parameter only"))
  }

  func testANestedUpdateOfTheSameVariableStopsTheProgram() throws {
    try expectChildToStop {
      let variable = Variable([1])
      variable.update { outer in
        variable.update { $0.append(2) }
        outer.append(3)
      }
    }
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

  /// Checks that `misuse` stops the program with the update message.
  ///
  /// In the child process, runs `misuse`. In the test process, runs the
  /// calling test again in a child and checks how it ended; returns what the
  /// child printed.
  @discardableResult
  private func expectChildToStop(
    test: String = #function, file: StaticString = #filePath, line: UInt = #line,
    _ misuse: () -> Void
  ) throws -> String {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      misuse()
      return ""  // not reached: the misuse stops the child
    }
    let child = try runThisTestInAChildProcess(named: String(test.prefix { $0 != "(" }))
    XCTAssertTrue(
      child.stopped, "the child did not stop with an error within a minute: \(child.output)",
      file: file, line: line)
    XCTAssertTrue(
      child.output.contains("Variable.update: the body wrote to the variable it is updating"),
      child.output, file: file, line: line)
    return child.output
  }

  /// Runs one test of this class in a new process of this test binary, with
  /// the child variable set; returns whether it stopped on its own, on a
  /// trap or an error, within a minute, and what it printed.
  ///
  /// With `posix_spawn` and `waitpid` rather than `Process`, whose exit
  /// notification does not arrive under ThreadSanitizer here; the output goes
  /// to a file, so that a child that prints a lot never blocks on a pipe.
  private func runThisTestInAChildProcess(named test: String) throws -> (
    stopped: Bool, output: String
  ) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("fluxcore-misuse-\(getpid())-\(test).txt").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let arguments = [CommandLine.arguments[0], "FluxCoreTests.UpdateMisuseTests/\(test)"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer {
      for string in argv + envp { free(string) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }

    // A child that loops instead of stopping is killed after a minute, so
    // that the regression fails this test rather than hanging it.
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(60)
    var hung = false
    while waitpid(child, &status, WNOHANG) == 0 {
      if Date() > deadline {
        hung = true
        kill(child, SIGKILL)
        waitpid(child, &status, 0)
        break
      }
      usleep(10_000)
    }
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // Stopped by a signal (a trap), or exited with a failure status.
    let signalled = status & 0x7f != 0
    let exitStatus = (status >> 8) & 0xff
    return (!hung && (signalled || exitStatus != 0), output)
  }
}

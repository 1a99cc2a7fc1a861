import FluxCore
import FluxCoreTesting
import Foundation
import TestSupport
import Testing

/// A check made away from a Swift Testing test's task, in a run where XCTest
/// has said nothing: FluxCoreTesting cannot tell which framework runs, and
/// the failure must reach Swift Testing all the same.
///
/// Every other Swift Testing check of the suite runs on its test's task,
/// where the test is known; and in `swift test`'s Swift Testing run, XCTest
/// runs no case, so this is the case of every check made on a `Thread`, in a
/// `Task.detached` or in a GCD callback of a `@Test`. Its failure is the
/// run's ("Test «unknown» recorded an issue"), which no `withKnownIssue` can
/// catch: so the test runs itself in a child, a Swift Testing run of this
/// one test, and checks that the child's run failed with the check's
/// message.
@Suite struct FailuresOffTheTestsTaskTests {
  private static let childVariable = "FLUXCORE_OFF_TASK_CHILD"

  @Test func aFailingCheckOnAThreadFailsTheRunWhenTheFrameworkIsUnknown() async throws {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
          let variable = Variable(1)
          let recorder = TestRecorder(variable)
          assertValues(recorder, equal: [2])  // fails
          done.resume()
        }.start()
      }
      return
    }

    let child = try ChildProcess(
      CommandLine.arguments[0],
      arguments: [
        "--testing-library", "swift-testing", "--filter",
        "FailuresOffTheTestsTaskTests/aFailingCheckOnAThreadFailsTheRunWhenTheFrameworkIsUnknown",
      ],
      environment: [Self.childVariable: "1"])
    let ending = child.wait(timeout: .seconds(60))

    #expect(ending != nil, "the child did not end within a minute: \(child.output)")
    #expect(ending != .exited(0), "the failing check did not fail the run: \(child.output)")
    #expect(child.output.contains(FailingChecks.valuesDiffer), "\(child.output)")
  }
}

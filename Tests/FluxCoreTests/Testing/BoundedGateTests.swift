import FluxCore
import TestSupport
import Testing

/// The tests' bounded waits fail as too slow when they run out, and only
/// then: a helper that gives up must not let a test pass, or fail as if a
/// guarantee broke.
@Suite struct BoundedGateTests {
  @Test func aWaitThatRunsOutFailsAsTooSlow() {
    let gate = BoundedGate(bound: 0)
    #expect(!gate.wait())
    #expect(gate.hasRunOut)
    #expect(throws: TimedOut.self) { try gate.checkInTime() }
  }

  @Test func aWaitForAGateOpenedInTimeDoesNot() throws {
    let gate = BoundedGate(bound: 60)
    gate.open()
    #expect(gate.wait())
    try gate.checkInTime()
  }

  /// A held delivery let go by its bound, not by the test, makes the
  /// handler report too slow.
  @Test func aHandlerHeldPastItsBoundFailsAsTooSlow() async {
    let subject = DispatchSubject<Int>()
    let hanging = HangingHandler(on: subject, boundInSeconds: 0)
    let sender = Elsewhere { subject.dispatch(1) }
    hanging.waitUntilEntered()
    await sender.finished()
    #expect(hanging.hasReturned)
    #expect(throws: TimedOut.self) { try hanging.checkInTime() }
    hanging.letGo()
  }

  @Test func aHandlerLetGoInTimeDoesNot() async throws {
    let subject = DispatchSubject<Int>()
    let hanging = HangingHandler(on: subject, boundInSeconds: 60)
    let sender = Elsewhere { subject.dispatch(1) }
    hanging.waitUntilEntered()
    hanging.letGo()
    await sender.finished()
    #expect(hanging.hasReturned)
    try hanging.checkInTime()
  }
}

import FluxCore
import FluxCorePersistence
import FluxCoreTesting
import Foundation
import Testing

/// The write protocol, call by call.
///
/// The lock taken, the temporary file written and flushed to disk, renamed
/// over the file, the directory flushed, the lock given back: a crash
/// between any two calls leaves the old file or the new one, whole, and only
/// if each call is there, in this order.
@Suite struct WriteProtocolTests {
  @Test func aWriteFlushesTheTemporaryFileBeforeTheRenameAndTheDirectoryAfter() throws {
    let directory = TemporaryDirectory()
    let recorded = RecordedCalls(in: directory)
    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
      operations: recorded.operations, default: 0)
    recorded.clear()

    state.variable.value = 1
    try state.flush()

    #expect(
      recorded.calls == [
        "open state.json.lock", "lock state.json.lock",
        "open .state.json.tmp-PID", "write .state.json.tmp-PID", "sync .state.json.tmp-PID",
        "close .state.json.tmp-PID", "rename .state.json.tmp-PID state.json",
        "open dir", "sync dir", "close dir",
        "unlock state.json.lock", "close state.json.lock",
      ])
    #expect(try savedValue(in: directory.file(), as: Int.self) == 1)
  }

  /// A state reads its file once, when it is created: not again before
  /// each write, once the file was read.
  @Test func aFileThatWasReadIsNotReadAgainBeforeAWrite() throws {
    let directory = TemporaryDirectory()
    try Data(#"{"value":3,"version":1}"#.utf8).write(to: directory.file())
    let recorded = RecordedCalls(in: directory)

    let state = try PersistentState(
      file: directory.file(), quietPeriod: .seconds(3_600), clock: TestClock(),
      operations: recorded.operations, default: 0)
    let opened = recorded.calls
    recorded.clear()
    state.variable.value = 4
    try state.flush()

    #expect(
      opened == ["open state.json", "read state.json", "read state.json", "close state.json"])
    #expect(!recorded.calls.contains("open state.json"))
  }
}

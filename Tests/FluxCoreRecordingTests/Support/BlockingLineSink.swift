import Dispatch
import FluxCoreTesting

/// Lines for a recording's `writingLinesTo`, whose first line holds the
/// writer until the test lets it go: a writer that cannot keep up, for as
/// long as the test needs.
final class BlockingLineSink: Sendable {
  /// The lines taken, the first one once the writer was let go.
  let lines = TestRecorder<String>()
  private let writerIsBusy = DispatchSemaphore(value: 0)
  private let writerMayGo = DispatchSemaphore(value: 0)

  /// The closure to give `writingLinesTo`.
  var writeLine: @Sendable (String) -> Void {
    { [self] line in
      if lines.count == 0 {
        writerIsBusy.signal()
        writerMayGo.wait()
      }
      lines.handler(line)
    }
  }

  /// Waits, at most 10 s, until the writer holds the first line.
  ///
  /// - Returns: Whether it did in time.
  func waitUntilTheWriterIsBusy() -> Bool {
    writerIsBusy.wait(timeout: .now() + .seconds(10)) == .success
  }

  /// Lets the writer go on.
  func letTheWriterGo() {
    writerMayGo.signal()
  }

  /// How many of the lines are actions (not the summary).
  var actionLines: Int {
    lines.values.filter { $0.contains(#""value":"#) }.count
  }
}

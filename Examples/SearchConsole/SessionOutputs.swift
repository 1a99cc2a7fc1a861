import FluxCore
import FluxCoreRecording
import Foundation

/// What a session leaves behind: a recording of its actions (`--record`),
/// and an inspector page (`--report`), both with the store's state after
/// each action.
@MainActor
final class SessionOutputs {
  private let recordPath: String?
  private let recording: ActionRecording?
  private let reportPath: String?
  private let report: ActionRecording?
  private let reportLines = Lock<[String]>([])

  /// Starts what `options` ask for; throws, in words, if a file cannot be
  /// written, before anything runs.
  init(options: Options, session: Session) throws(OutputError) {
    let store = session.store
    recordPath = options.recordPath
    reportPath = options.reportPath
    if let path = options.recordPath {
      do {
        recording = try ActionRecording.start(
          session.dispatcher, writingTo: URL(fileURLWithPath: path), state: { store.snapshot })
      } catch {
        throw OutputError(message: "cannot write the recording: \(error)")
      }
    } else {
      recording = nil
    }
    if let path = options.reportPath {
      // Created now, so that a path that cannot be written fails at once.
      guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw OutputError(message: "cannot write the report to \(path)")
      }
      report = ActionRecording.start(
        session.dispatcher, state: { store.snapshot },
        writingLinesTo: { [reportLines] line in reportLines.withLock { $0.append(line) } })
    } else {
      report = nil
    }
  }

  /// Stops recording and writes the report; says what was left out.
  ///
  /// - Returns: The program's exit status.
  func finish(
    write: @Sendable (String) -> Void, writeError: @Sendable (String) -> Void
  ) -> Int32 {
    var status = Program.success
    if let recording, let recordPath {
      let summary = recording.stop()
      if !summary.skipped.isEmpty {
        write("  (not recorded, as their values are not Codable: \(summary.skipped))")
      }
      if let error = summary.error {
        writeError("error: the recording is incomplete: \(error)")
        status = Program.outputError
      } else if summary.dropped > 0 {
        writeError("error: \(summary.dropped) actions did not fit in \(recordPath)'s buffer")
        status = Program.outputError
      }
    }
    if let report, let reportPath {
      report.stop()
      let page = RecordingInspector.page(
        forJSONLines: reportLines.withLock { $0 }.joined(separator: "\n"),
        title: "SearchExample session")
      do {
        try Data(page.utf8).write(to: URL(fileURLWithPath: reportPath))
        write("  (inspector page: \(reportPath))")
      } catch {
        writeError("error: cannot write the report to \(reportPath): \(error.localizedDescription)")
        status = Program.outputError
      }
    }
    return status
  }

  /// Stops recording without writing the report: the session did not run.
  func abandon() {
    recording?.stop()
    report?.stop()
    if let reportPath { try? FileManager.default.removeItem(atPath: reportPath) }
  }
}

/// A file a session should write cannot be written.
struct OutputError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

import FluxCore
import FluxCoreRecording
import Foundation

/// What a session leaves behind: a recording of its actions (`--record`),
/// and an inspector page (`--report`), both with the store's state after
/// each action.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class SessionOutputs {
  private let recordPath: String?
  private let recording: ActionRecording?
  private let reportPath: String?
  /// The report's actions, recorded into the report's own file; `finish`
  /// turns the file into the inspector page.
  private let report: ActionRecording?

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
      // Opened now, so that a path that cannot be written fails at once.
      do {
        report = try ActionRecording.start(
          session.dispatcher, writingTo: URL(fileURLWithPath: path), state: { store.snapshot })
      } catch {
        throw OutputError(message: "cannot write the report to \(path)")
      }
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
      if let complaint = Self.complaint(about: summary, of: "recording", at: recordPath) {
        writeError(complaint)
        status = Program.outputError
      }
    }
    if let report, let reportPath {
      if let complaint = Self.complaint(about: report.stop(), of: "report", at: reportPath) {
        writeError(complaint)
        status = Program.outputError
      }
      do {
        let url = URL(fileURLWithPath: reportPath)
        let page = try RecordingInspector.page(contentsOf: url, title: "SearchExample session")
        try Data(page.utf8).write(to: url)
        write("  (inspector page: \(reportPath))")
      } catch {
        writeError("error: cannot write the report to \(reportPath): \(error.localizedDescription)")
        status = Program.outputError
      }
    }
    return status
  }

  /// What to say of a recording that did not keep every action, or `nil`.
  private static func complaint(
    about summary: RecordingSummary, of output: String, at path: String
  ) -> String? {
    if let error = summary.error { return "error: the \(output) is incomplete: \(error)" }
    if summary.dropped > 0 {
      return "error: \(summary.dropped) actions did not fit in \(path)'s buffer"
    }
    return nil
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

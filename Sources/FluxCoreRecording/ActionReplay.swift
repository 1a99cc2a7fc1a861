import FluxCore
import FluxCoreDiagnostics
import Foundation

/// A recording made by ``ActionRecording``, checked against a dispatcher and
/// ready to play into it, so that fresh stores reach the states the recorded
/// session's stores went through.
///
/// ```swift
/// let dispatcher = SearchDispatcher()
/// let store = SearchStore(dispatcher: .init(dispatcher))
/// let replay = try ActionReplay(contentsOf: recordingURL, into: dispatcher)
/// await replay.play()
/// XCTAssertEqual(store.items.map(\.title), ["JSON Kit", "JSON Cache"])
/// ```
///
/// The whole file is checked when the replay is made, before anything is
/// dispatched: every line must be a recorded action (`label`, `time`,
/// `value`), name a subject the dispatcher has, and hold a value of that
/// subject's type, at a time no earlier than the line before's (and no
/// later than 100 years after the recording began). The first line that
/// does not throws a ``ReplayError`` naming the line and the reason, and
/// nothing is dispatched. Blank lines are ignored; a file with no action is
/// an error. A last line that a failed write or a crash cut short (no
/// newline after it, and not whole JSON) is not an error: the lines before
/// it are played, and ``tornTail`` reports it.
public struct ActionReplay: Sendable {
  /// One checked action.
  public struct Action: Sendable {
    /// The line of the recording it comes from, counting from 1.
    public let line: Int
    /// The subject, as in `SearchDispatcher.items`.
    public let label: String
    /// When it was sent, after the recording started.
    public let time: Duration
    /// The value it sends.
    public let value: any Sendable
    /// The JSON of the state recorded after it, if the recording has one.
    let recordedState: Data?
    /// Sends it to the subject, as an action sent through a view would be.
    let send: @Sendable () -> Void
    /// Waits until what was dispatched to its subject has been delivered.
    let waitUntilDelivered: @Sendable () async -> Void

    /// The action as `DispatchLog` shows it: `SearchDispatcher.items ← value`.
    public var record: DispatchRecord {
      DispatchRecord(label: label, value: value)
    }

    /// Dispatches the action to its subject, as an action creator would
    /// through a dispatcher view: `DispatchLog`, and so a recording or a
    /// store tester, sees it.
    public func dispatch() {
      send()
    }

    /// Whether the recording holds the state after this action.
    public var hasRecordedState: Bool { recordedState != nil }
  }

  /// How fast to play.
  public enum Speed: Sendable, Hashable {
    /// Each action at its recorded time after the start.
    case asRecorded
    /// One action after another, without waiting.
    case asFastAsPossible
  }

  /// The latest time an action may have, in seconds after the recording
  /// began: FluxCore's longest wait, 100 years.
  static let latestTime = Double(Duration.longestWait.components.seconds)

  /// The actions, in the order recorded.
  public let actions: [Action]
  /// The summary the recording ended with, or `nil` for a recording that
  /// was never stopped (or made before recordings had one), or whose
  /// writing failed.
  public let summary: RecordingSummary?
  /// The last line, if a write that failed part-way or a crash cut it
  /// short: the actions before it are played, and it is not.
  public let tornTail: TornLine?

  /// Checks the JSON Lines `text` against `dispatcher`.
  ///
  /// - Parameters:
  ///   - text: A recording.
  ///   - dispatcher: The dispatcher to play it into.
  /// - Throws: A ``ReplayError`` for the first line that cannot be played.
  public init<Dispatcher: DispatcherType>(
    jsonLines text: String, into dispatcher: Dispatcher
  ) throws(ReplayError) {
    let subjects = Dictionary(
      Mirror(reflecting: dispatcher).childrenWithSuperclasses.compactMap { child in
        (child.value as? any ReplayableSubject).map {
          ("\(Dispatcher.self).\(child.label ?? "")", $0)
        }
      }, uniquingKeysWith: { first, _ in first })
    let decoder = JSONDecoder()
    var actions: [Action] = []
    var summary: RecordingSummary?
    var lastTime = -Double.infinity
    let (lines, torn) = Self.splitTornTail(of: text)
    for (index, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
      let number = index + 1
      let data = Data(line.utf8)
      if summary == nil, line.hasPrefix(#"{"summary""#),
        let ending = try? decoder.decode(SummaryLine.self, from: data)
      {
        summary = ending.summary
        continue
      }
      let header: RecordedLineHeader
      do {
        header = try decoder.decode(RecordedLineHeader.self, from: data)
      } catch let error as DecodingError {
        throw ReplayError(line: number, reason: "not a recorded action: \(error.summary)")
      } catch {
        throw ReplayError(line: number, reason: "not a recorded action")
      }
      guard let subject = subjects[header.label] else {
        throw ReplayError(
          line: number, reason: "\(Dispatcher.self) has no subject “\(header.label)”")
      }
      guard header.time.isFinite, header.time >= 0, header.time >= lastTime else {
        throw ReplayError(
          line: number, reason: "the time \(header.time) is not after the line before's")
      }
      // Seconds past this cannot be waited for, or past 1e20 even held, as
      // a Duration: the runtime would trap.
      guard header.time <= Self.latestTime else {
        throw ReplayError(
          line: number,
          reason: "the time \(header.time) is more than 100 years after the recording began")
      }
      guard let decoding = subject as? any DecodingSubject else {
        throw ReplayError(
          line: number,
          reason: "\(header.label) holds \(subject.elementTypeName), which is not Codable")
      }
      do {
        let (value, send) = try decoding.decodeAction(
          from: data, with: decoder, of: dispatcher)
        actions.append(
          Action(
            line: number, label: header.label, time: .seconds(header.time), value: value,
            recordedState: recordedState(in: data), send: send,
            waitUntilDelivered: { [decoding] in await decoding.waitUntilDelivered() }))
      } catch let error as DecodingError {
        throw ReplayError(
          line: number,
          reason: "\(header.label) holds \(subject.elementTypeName), not this: \(error.summary)")
      } catch {
        throw ReplayError(line: number, reason: "\(header.label): \(error)")
      }
      lastTime = header.time
    }
    guard !actions.isEmpty else {
      throw ReplayError(line: nil, reason: "the recording holds no action")
    }
    self.actions = actions
    self.summary = summary
    tornTail = torn
  }

  /// Checks the recording in the file at `url` against `dispatcher`.
  ///
  /// - Parameters:
  ///   - url: A file that ``ActionRecording`` wrote.
  ///   - dispatcher: The dispatcher to play it into.
  /// - Throws: A ``ReplayError``: the file cannot be read or is not UTF-8, or
  ///   a line cannot be played.
  public init<Dispatcher: DispatcherType>(
    contentsOf url: URL, into dispatcher: Dispatcher
  ) throws(ReplayError) {
    let data: Data
    do {
      // Through a file handle rather than `Data(contentsOf:)`, which leaks
      // its buffer when the file is empty (Foundation, Swift 6.3).
      let file = try FileHandle(forReadingFrom: url)
      defer { try? file.close() }
      data = try file.readToEnd() ?? Data()
    } catch {
      throw ReplayError(line: nil, reason: "cannot read \(url.path)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReplayError(line: nil, reason: "\(url.path) is not UTF-8 text")
    }
    try self.init(jsonLines: text, into: dispatcher)
  }

}

/// The JSON of the `"state"` member of the recorded line `data`, if any.
private func recordedState(in data: Data) -> Data? {
  guard let line = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let state = line["state"]
  else { return nil }
  return try? JSONSerialization.data(withJSONObject: state, options: [.fragmentsAllowed])
}

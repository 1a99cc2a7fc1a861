import FluxCore
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
/// subject's type. The first line that does not throws a ``ReplayError``
/// naming the line and the reason, and nothing is dispatched. Blank lines are
/// ignored; a file with no action is an error.
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
    /// Sends it to the subject.
    let send: @Sendable () -> Void

    /// The action as `DispatchLog` shows it: `SearchDispatcher.items ← value`.
    public var record: DispatchRecord {
      DispatchRecord(label: label, value: value)
    }

    /// Dispatches the action to its subject.
    public func dispatch() {
      send()
    }
  }

  /// How fast to play.
  public enum Speed: Sendable, Hashable {
    /// Each action at its recorded time after the start.
    case asRecorded
    /// One action after another, without waiting.
    case asFastAsPossible
  }

  /// The actions, in the order recorded.
  public let actions: [Action]

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
      Mirror(reflecting: dispatcher).children.compactMap { child in
        (child.value as? any ReplayableSubject).map {
          ("\(Dispatcher.self).\(child.label ?? "")", $0)
        }
      }, uniquingKeysWith: { first, _ in first })
    let decoder = JSONDecoder()
    var actions: [Action] = []
    var lastTime = -Double.infinity
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      let number = index + 1
      let data = Data(line.utf8)
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
      guard let decoding = subject as? any DecodingSubject else {
        throw ReplayError(
          line: number,
          reason: "\(header.label) holds \(subject.elementTypeName), which is not Codable")
      }
      do {
        let (value, send) = try decoding.decodeAction(from: data, with: decoder)
        actions.append(
          Action(
            line: number, label: header.label, time: .seconds(header.time), value: value,
            send: send))
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

  /// Dispatches every action, in order, on the caller's actor (a replay
  /// started on the main actor dispatches there, as the app's own action
  /// creators would).
  ///
  /// - Parameters:
  ///   - speed: At the recorded times, measured on `clock`, or without
  ///     waiting.
  ///   - clock: The clock for ``Speed/asRecorded``; tests pass their own.
  ///   - afterEach: Runs after each action: to let a view draw it, say.
  ///   - beforeEach: Runs before each action, with it: to log it, say.
  ///   - isolation: The caller's actor, where the actions are dispatched.
  public func play(
    speed: Speed = .asFastAsPossible,
    clock: some Clock<Duration> = ContinuousClock(),
    afterEach: () async -> Void = {},
    beforeEach: (Action) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let start = clock.now
    for action in actions {
      if speed == .asRecorded {
        try? await clock.sleep(until: start.advanced(by: action.time), tolerance: nil)
      }
      beforeEach(action)
      action.dispatch()
      await afterEach()
    }
  }
}

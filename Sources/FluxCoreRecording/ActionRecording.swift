import FluxCore
import Foundation

/// Records the actions sent through dispatcher views, as JSON Lines: one
/// action a line, with its subject's label, the time since the recording
/// started, and its value.
///
/// ```swift
/// let recording = try ActionRecording.start(writingTo: sessionURL)
/// // … the user reproduces the bug …
/// recording.stop()
/// ```
///
/// It observes `DispatchLog`, so it sees every action an action
/// creator sends through an `AnyObserverDispatcher`, from any
/// thread, and nothing sent to a subject directly. A value whose type is not
/// `Codable` (or that fails to encode) is skipped and counted in
/// ``skipped``, not silently lost. ``ActionReplay`` plays a recording back.
public final class ActionRecording: Sendable {
  private struct State: Sendable {
    var recordedCount = 0
    var skipped: [String: Int] = [:]
  }

  private let state = NSLockGuarded(State())
  private let start = ContinuousClock.now
  private let writeLine: @Sendable (String) -> Void
  private let observation = NSLockGuarded<(any Disposable)?>(nil)
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  private let finish: @Sendable () -> Void

  private init(
    writeLine: @escaping @Sendable (String) -> Void, finish: @escaping @Sendable () -> Void
  ) {
    self.writeLine = writeLine
    self.finish = finish
  }

  /// Starts recording, handing each line (without its newline) to
  /// `writeLine`, on the thread that sent the action, one at a time.
  ///
  /// `writeLine` runs while the recording holds its lock, so that lines go
  /// out in the order of their times: it must not send actions itself.
  ///
  /// - Parameter writeLine: Receives each line of the recording.
  /// - Returns: The recording; ``stop()`` ends it.
  public static func start(
    writingLinesTo writeLine: @escaping @Sendable (String) -> Void
  ) -> ActionRecording {
    let recording = ActionRecording(writeLine: writeLine, finish: {})
    recording.observe()
    return recording
  }

  /// Starts recording into the file at `url`, replacing what it held.
  ///
  /// - Parameter url: Where to write the recording.
  /// - Returns: The recording; ``stop()`` ends it and closes the file.
  /// - Throws: The error of creating or opening the file.
  public static func start(writingTo url: URL) throws -> ActionRecording {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
    }
    let file = try FileHandle(forWritingTo: url)
    let recording = ActionRecording(
      writeLine: { line in file.write(Data((line + "\n").utf8)) },
      finish: { try? file.close() })
    recording.observe()
    return recording
  }

  /// How many actions have been written.
  public var recordedCount: Int { state.withLock { $0.recordedCount } }

  /// How many actions were skipped, by subject label, because their values
  /// cannot be encoded and decoded.
  public var skipped: [String: Int] { state.withLock { $0.skipped } }

  /// Stops recording; for a file, closes it.
  ///
  /// Stopping twice does nothing.
  public func stop() {
    let observation = observation.withLock { observation in
      defer { observation = nil }
      return observation
    }
    guard let observation else { return }
    observation.dispose()
    finish()
  }

  private func observe() {
    let observation = DispatchLog.observe { [self] record in self.record(record) }
    self.observation.withLock { $0 = observation }
  }

  private func record(_ record: DispatchRecord) {
    // Lines go out in the order their times were taken.
    state.withLock { state in
      let time = (ContinuousClock.now - start).seconds
      guard let line = encodedLine(record, time: time) else {
        state.skipped[record.label, default: 0] += 1
        return
      }
      writeLine(line)
      state.recordedCount += 1
    }
  }

  /// The line for `record`, or `nil` if its value cannot be recorded.
  private func encodedLine(_ record: DispatchRecord, time: Double) -> String? {
    guard let value = record.value as? any Codable else { return nil }
    func encode<Value: Codable>(_ value: Value) -> String? {
      let line = RecordedLine(label: record.label, time: time, value: value)
      return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) }
    }
    return encode(value)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

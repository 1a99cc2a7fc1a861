import Foundation

extension ActionReplay {
  /// The last line of a recording, cut short by a write that failed
  /// part-way (a full disk) or by a crash: it is not played.
  ///
  /// ```swift
  /// let replay = try ActionReplay(contentsOf: sessionURL, into: dispatcher)
  /// if let torn = replay.tornTail {
  ///   print("line \(torn.line) was cut short (\(torn.bytes) bytes); played the \(replay.actions.count) before it")
  /// }
  /// ```
  public struct TornLine: Sendable, Equatable {
    /// Its number in the file, counting from 1.
    public let line: Int
    /// How many bytes of it the file holds.
    public let bytes: Int

    /// Creates the description of a torn line.
    ///
    /// - Parameters:
    ///   - line: Its number in the file, counting from 1.
    ///   - bytes: How many bytes of it the file holds.
    public init(line: Int, bytes: Int) {
      self.line = line
      self.bytes = bytes
    }
  }

  /// The lines of `text`, without a torn last one, and that one: a last
  /// line with no newline after it that is not a whole JSON value.
  ///
  /// Every line an ``ActionRecording`` writes ends with a newline, so a
  /// last line without one that does not parse was cut short; a line
  /// before it that does not parse is an error, as any other.
  static func splitTornTail(of text: String) -> (lines: [Substring], torn: TornLine?) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let last = lines.last, !last.allSatisfy(\.isWhitespace),
      (try? JSONSerialization.jsonObject(with: Data(last.utf8), options: [])) == nil
    else { return (lines, nil) }
    lines.removeLast()
    return (lines, TornLine(line: lines.count + 1, bytes: last.utf8.count))
  }
}

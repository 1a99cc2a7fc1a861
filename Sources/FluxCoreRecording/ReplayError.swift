/// Why a recording cannot be replayed: the line, if one is to blame, and the
/// reason.
///
/// ```swift
/// do {
///   let replay = try ActionReplay(contentsOf: url, into: dispatcher)
/// } catch {
///   print(error)  // line 3: SearchDispatcher.items holds a SearchPage, not this: …
/// }
/// ```
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line number, counting from 1, or `nil` for the file as a whole.
  public let line: Int?
  /// What is wrong, in one sentence.
  public let reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - line: The line number, counting from 1, or `nil`.
  ///   - reason: What is wrong.
  public init(line: Int?, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// The error as `line 3: reason`, or the reason alone.
  public var description: String {
    line.map { "line \($0): \(reason)" } ?? reason
  }
}

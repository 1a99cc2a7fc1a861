import FluxCore
import FluxCoreDiagnostics

/// Where a replay's state first differed from the recorded one: the action
/// after which it did, and both states.
///
/// ```swift
/// if let difference = await replay.play(checking: { SearchState(store) }) {
///   print(difference)
///   // step 3 (line 3, SearchDispatcher.items ← 5 of 8 items for “json”, page 1):
///   // the state differs from the recorded one (- recorded, + replayed):
///   // …
/// }
/// ```
public struct ReplayDifference: Sendable, CustomStringConvertible {
  /// The action's position among the recording's actions, counting from 1.
  public let step: Int
  /// The action's line in the recording, counting from 1.
  public let line: Int
  /// The action after which the states differ.
  public let action: DispatchRecord
  /// The recorded state, as Swift's `dump` prints it, or why it could not
  /// be read.
  public let recorded: String
  /// The state the replay reached, as Swift's `dump` prints it.
  public let replayed: String

  /// The difference in words, with the two states line by line (`-` the
  /// recorded one, `+` the one the replay reached).
  public var description: String {
    "step \(step) (line \(line), \(action)): the state differs from the recorded one "
      + "(- recorded, + replayed):\n" + textDifference(expected: recorded, actual: replayed)
  }
}

/// What a Variable written during an action notes, so that a view made
/// before the action ends shows the state from before it (guarantee 10,
/// "the first frame is a whole action's").
@usableFromInline
enum StateStamp: Sendable {
  /// The end of an action that wrote state on the calling thread.
  static func actionEnded() {}
}

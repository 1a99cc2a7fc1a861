/// How much a ``StoreTester`` or a ``RedrawTester`` insists on.
public enum Exhaustivity: Sendable, Hashable {
  /// Every action and every change of the state must be asserted, in order;
  /// what is left unasserted fails the test when it finishes, and so does
  /// an action sent after it finished. A ``RedrawTester`` fails a check
  /// for every reader redrawn that the budget does not name, and fails
  /// when it is freed with redraws no check checked.
  case on
  /// Only what is asserted is checked: actions received before the one a
  /// test asks for are skipped, a state change is checked only in the
  /// properties the test's mutation sets, and nothing is left over at the
  /// end, nor checked after it (as with a non-exhaustive `TestStore`). A
  /// ``RedrawTester`` checks only the readers a budget names.
  case off
}

import FluxCore

extension UndoRevert where Value == Favorites {
  /// Undoes and redoes the stars of a step, item by item, from the
  /// favorites as they are then: what a sync changed since stays, and each
  /// item goes back to its place (``UndoRevert/byElement`` on the items).
  public static var byItem: UndoRevert {
    let items = UndoRevert<[Item]>.byElement
    @Sendable func itemsOf(_ step: UndoHistory<Favorites>.Step) -> UndoHistory<[Item]>.Step {
      .init(before: step.before.items, after: step.after.items, label: step.label)
    }
    return UndoRevert(
      undo: { present, step in Favorites(items.undo(present.items, itemsOf(step))) },
      redo: { present, step in Favorites(items.redo(present.items, itemsOf(step))) })
  }
}

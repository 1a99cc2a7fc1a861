/// The favorites' status line: what happened last, the favorites, and what
/// `u` and `U` would undo and redo.
public struct FavoritesStatus: Sendable, Hashable, CustomStringConvertible {
  /// What happened last, or `nil` before the first star.
  public var notice: FavoriteNotice?
  /// The favorites shown.
  public var favorites: Favorites
  /// What `u` undoes, if anything: “Star JSON Kit”.
  public var undoLabel: String?
  /// What `U` redoes, if anything.
  public var redoLabel: String?

  /// Creates a status.
  public init(
    notice: FavoriteNotice?, favorites: Favorites, undoLabel: String?, redoLabel: String?
  ) {
    self.notice = notice
    self.favorites = favorites
    self.undoLabel = undoLabel
    self.redoLabel = redoLabel
  }

  /// The line, empty before the first star.
  ///
  /// For example “★ Starred JSON Kit. Favorites: JSON Kit. u: Undo Star
  /// JSON Kit”.
  public var description: String {
    guard let notice else { return "" }
    let what: String
    switch notice {
    case .starring(let request):
      what = "☆ \(request.starred ? "Starring" : "Unstarring") \(request.item.title)…"
    case .saved(let request):
      what = "★ \(request.starred ? "Starred" : "Unstarred") \(request.item.title)."
    case .failed(let request, let error):
      what =
        "Could not \(request.starred ? "star" : "unstar") \(request.item.title): \(error). "
        + "Rolled back."
    case .undid(let label):
      what = "Undid \(label)."
    case .redid(let label):
      what = "Redid \(label)."
    case .synced:
      what = "⇣ Synced from another device."
    }
    let hints = [undoLabel.map { "u: Undo \($0)" }, redoLabel.map { "U: Redo \($0)" }]
      .compactMap { $0 }
    return
      ([what, "Favorites: \(favorites)."] + (hints.isEmpty ? [] : [hints.joined(separator: " · ")]))
      .joined(separator: " ")
  }
}

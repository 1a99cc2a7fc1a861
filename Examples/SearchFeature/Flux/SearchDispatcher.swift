import FluxCore

/// The subjects of the search feature, one per concern.
///
/// The action creator reaches them through ``AnyObserverDispatcher`` and can
/// only send; the store through ``AnyObservableDispatcher`` and can only
/// listen. Every load is bracketed by `loading`: the action creator sends
/// `request` then `loading(true)`, and `items` or `error` then `loading(false)`.
public final class SearchDispatcher: DispatcherType {
  /// The app's dispatcher.
  public static let shared = SearchDispatcher()

  /// A request that is starting: page 1 of a new query, a next page, or a retry.
  public let request = DispatchSubject<SearchRequest>()
  /// A page of results for the latest request.
  public let items = DispatchSubject<SearchPage>()
  /// Whether a request is in flight.
  public let loading = DispatchSubject<Bool>()
  /// Why the latest request failed.
  public let error = DispatchSubject<SearchError>()
  /// A star or an unstar, shown at once (see ``FavoritesStore``).
  public let star = DispatchSubject<StarRequest>()
  /// The service's answer to a star: it is kept or rolled back.
  public let starAnswer = DispatchSubject<StarAnswer>()
  /// Undo and redo of the favorites.
  public let undo = DispatchSubject<UndoCommand>()
  /// The favorites as the service has them, after another device changed
  /// them: a sync, which no undo takes back.
  public let favoritesSynced = DispatchSubject<Favorites>()

  /// Creates a dispatcher; tests and previews use their own.
  public init() {}
}

import FluxCore

/// Turns stars, undos and redos into actions, and star requests into calls
/// to the service whose answers are actions too.
///
/// It only sends: a star sends `star` at once (the store shows it), then
/// `starAnswer` with the service's answer (the store keeps the star or
/// rolls it back); undo and redo send `undo`.
@MainActor
public final class FavoritesActionCreator {
  private let dispatcher: AnyObserverDispatcher<SearchDispatcher>
  private let api: any FavoritesAPI
  private var lastRequestID = 0

  /// Creates an action creator.
  ///
  /// - Parameters:
  ///   - api: The service that keeps stars.
  ///   - dispatcher: Where to send; by default the shared dispatcher.
  public init(api: any FavoritesAPI, dispatcher: AnyObserverDispatcher<SearchDispatcher> = .init())
  {
    self.api = api
    self.dispatcher = dispatcher
  }

  /// Stars `item`, or unstars it, at once, and asks the service to keep it.
  ///
  /// - Returns: The task that waits for the service and sends its answer.
  @discardableResult
  public func setStarred(_ starred: Bool, _ item: Item) -> Task<Void, Never> {
    lastRequestID += 1
    let request = StarRequest(id: lastRequestID, item: item, starred: starred)
    dispatcher.star.dispatch(request)
    return Task { [api, dispatcher] in
      do {
        try await api.setStarred(starred, itemID: item.id)
        dispatcher.starAnswer.dispatch(.saved(request))
      } catch {
        dispatcher.starAnswer.dispatch(
          .failed(request, error as? SearchError ?? .unexpected("\(error)")))
      }
    }
  }

  /// Applies the favorites as the service has them after another device
  /// changed them: a sync, which is not a step to undo.
  ///
  /// - Parameter favorites: The service's favorites.
  public func synced(_ favorites: Favorites) {
    dispatcher.favoritesSynced.dispatch(favorites)
  }

  /// Undoes the last change of the favorites the service kept.
  public func undo() {
    dispatcher.undo.dispatch(.undo())
  }

  /// Redoes the change undone last.
  public func redo() {
    dispatcher.undo.dispatch(.redo())
  }
}

import FluxCore

/// The favorites: stars shown at once and kept or rolled back by the
/// service's answer (an ``OptimisticState``), with undo and redo of the
/// stars the service kept (an ``UndoHistory`` of the confirmed favorites).
///
/// It listens to the search dispatcher's `star`, `starAnswer`, `undo` and
/// `favoritesSynced` subjects. A star that the service refuses is rolled
/// back, and ``notice`` says so; a star still waiting for its answer is not
/// a step to undo, and one rolled back never becomes one. A sync (the
/// favorites another device changed) is not a step either, and an undo
/// takes back the star of its step only, leaving what the sync changed
/// (``UndoRevert/byItem``).
///
/// Restating `@unchecked Sendable` is sound here: every stored property is a
/// `let` of a Sendable type.
public final class FavoritesStore: Store, @unchecked Sendable {
  /// The favorites shown: those the service kept, with the stars on their
  /// way applied.
  public let favorites: Property<Favorites>
  /// What happened last, for the status line.
  public let notice: Property<FavoriteNotice?>
  /// Undo and redo of the favorites the service kept, labelled with the
  /// star that made each step (“Star JSON Kit”).
  public let history: UndoHistory<Favorites>

  private let _favorites = Variable(Favorites())
  private let _notice = Variable<FavoriteNotice?>(nil)
  private let optimistic: OptimisticState<Favorites>
  /// The stars waiting for an answer, by request.
  private let pending = Variable<[Int: PendingWrite]>([:])

  /// Creates a store that listens to `dispatcher`.
  ///
  /// - Parameter dispatcher: What to listen to; by default the shared
  ///   dispatcher.
  public init(dispatcher: AnyObservableDispatcher<SearchDispatcher> = .init()) {
    favorites = _favorites.asProperty()
    notice = _notice.asProperty()
    optimistic = OptimisticState(of: _favorites)
    history = UndoHistory(
      ofConfirmed: optimistic, revert: .byItem,
      label: { action in (action.value as? StarAnswer)?.request.label },
      isStep: { change in !(change.action?.value is Favorites) })  // a sync is not a step
    super.init()

    // An undo's notice names the step it undoes: bound before the history.
    bind(dispatcher.undo.compactMap { [history] in Self.notice(for: $0, history) }, to: _notice)
    bind(dispatcher.undo, to: history)
    dispatcher.star.subscribe { [optimistic, pending] request in
      let write = optimistic.apply { $0.set(request.item, starred: request.starred) }
      pending.update { $0[request.id] = write }
    }.disposed(by: disposeBag)
    bind(dispatcher.star.map { .starring($0) }, to: _notice)
    dispatcher.favoritesSynced.subscribe { [optimistic] favorites in
      optimistic.setConfirmed(favorites)  // the service's truth, under the stars on their way
    }.disposed(by: disposeBag)
    bind(dispatcher.favoritesSynced.map { .synced($0) }, to: _notice)
    dispatcher.starAnswer.subscribe { [pending] answer in
      var write: PendingWrite?
      pending.update { write = $0.removeValue(forKey: answer.request.id) }
      if case .saved = answer { write?.confirm() } else { write?.rollBack() }
    }.disposed(by: disposeBag)
    bind(
      dispatcher.starAnswer.map { answer -> FavoriteNotice? in
        switch answer {
        case .saved(let request): .saved(request)
        case .failed(let request, let error): .failed(request, error)
        }
      }, to: _notice)
  }

  private static func notice(
    for command: UndoCommand, _ history: UndoHistory<Favorites>
  ) -> FavoriteNotice?? {
    let status = history.status.value
    switch command {
    case .undo: return .some(status.canUndo ? .undid(status.undoLabel ?? "the last change") : nil)
    case .redo: return .some(status.canRedo ? .redid(status.redoLabel ?? "the last change") : nil)
    default: return nil
    }
  }
}

/// What happened last to the favorites.
public enum FavoriteNotice: Sendable, Hashable {
  /// A star on its way: shown, not yet answered.
  case starring(StarRequest)
  /// The service kept a star.
  case saved(StarRequest)
  /// The service refused a star: it is rolled back.
  case failed(StarRequest, SearchError)
  /// A step undone, by its label.
  case undid(String)
  /// A step redone, by its label.
  case redid(String)
  /// The favorites as another device left them.
  case synced(Favorites)
}

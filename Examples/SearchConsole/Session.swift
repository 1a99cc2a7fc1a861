import Dispatch
import FluxCore
import FluxCoreRecording
import SearchFeature

/// Wires the feature together (stub API → action creator → dispatcher → store
/// → view model → console view) and drives it in one of the three modes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class Session {
  /// The dispatcher the session's actions go through.
  let dispatcher = SearchDispatcher()
  let api: StubSearchAPI
  /// The store, whose snapshot recordings carry.
  let store: SearchStore
  private let viewModel: SearchViewModel
  private let view: ConsoleView
  private let rowViews: RowViews
  let favoritesStore: FavoritesStore
  let favoritesViewModel: FavoritesViewModel
  let favoritesView: FavoritesView
  let write: @Sendable (String) -> Void
  private let actionLog: (any Disposable)?

  /// Wires a session for `options`, printing through `write`.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - debounce: How long typing waits before it searches.
  ///   - memory: Where the store keeps the last search, if it is remembered
  ///     between runs.
  ///   - write: Prints one line.
  public init(
    options: Options, debounce: Duration = .milliseconds(300),
    memory: Variable<SearchMemory?> = Variable(nil),
    write: @escaping @Sendable (String) -> Void
  ) {
    api = StubSearchAPI(
      latency: .milliseconds(options.latencyMilliseconds),
      failureRate: options.failureRate,
      seed: options.seed)
    store = SearchStore(dispatcher: AnyObservableDispatcher(dispatcher), memory: memory)
    let actions = SearchActionCreator(
      api: api, perPage: options.perPage, dispatcher: AnyObserverDispatcher(dispatcher))
    viewModel = SearchViewModel(store: store, actions: actions, debounce: debounce)
    view = ConsoleView(viewModel: viewModel, write: write)
    rowViews = RowViews(viewModel: viewModel)
    favoritesStore = FavoritesStore(dispatcher: AnyObservableDispatcher(dispatcher))
    favoritesViewModel = FavoritesViewModel(
      store: favoritesStore, rows: viewModel.rowsSource,
      actions: FavoritesActionCreator(api: api, dispatcher: AnyObserverDispatcher(dispatcher)))
    favoritesView = FavoritesView(viewModel: favoritesViewModel, write: write)
    self.write = write
    actionLog = options.logActions ? DispatchLog.observe { write("    · \($0)") } : nil
  }

  /// Stops logging actions, if it was.
  public func end() {
    actionLog?.dispose()
  }

  /// Plays a search, the next page, stars (one refused) with undo and redo,
  /// a failure, a retry and an empty result, then says how many rows the
  /// row views drew.
  public func playScript() async {
    write("FluxCore SearchExample: a scripted session against the stub API.")
    write("> type “j”, “js”, “json” (debounced: one request)")
    viewModel.send(.queryChanged("j"))
    viewModel.send(.queryChanged("js"))
    await perform(.queryChanged("json"))
    write("> n (next page)")
    await perform(.nextPage)
    await playFavorites()
    write("> search “http” while the service is down")
    await api.simulateOutage(requests: 1)
    await perform(.queryChanged("http"))
    write("> r (retry)")
    await perform(.retry)
    write("> search “zebra”")
    await perform(.queryChanged("zebra"))
    // Narration, not the screen: a replay of the session shows the screen.
    write("> \(rowViews.summary)")
  }

  /// Plays `replay` into the dispatcher, letting the view draw after each
  /// action, so that the screen shows what it showed when it was recorded.
  /// (The replay sends its actions as the action creator would, so `--log`
  /// shows them, and a recording or a report sees them.)
  func replay(_ replay: ActionReplay) async {
    await replay.play { [self] in
      await view.waitUntilCaughtUp()
      await favoritesView.waitUntilCaughtUp()
    }
  }

  /// Searches for `query` and loads up to `pages` pages.
  public func search(_ query: String, pages: Int) async {
    await perform(.queryChanged(query))
    for _ in 1..<pages where store.hasMore.value && store.error == nil {
      await perform(.nextPage)
    }
  }

  /// Runs commands from `lines` until `q` or the end of input.
  public func runInteractive(_ lines: AsyncStream<String>) async {
    write(
      "Type a query, n for the next page, r to retry, f N to star row N, u to undo, U to redo, "
        + "q to quit.")
    for await line in lines {
      let command = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      switch command {
      case "": continue
      case "q": return
      case "n": await perform(.nextPage, otherwise: "No more results.")
      case "r": await perform(.retry, otherwise: "Nothing to retry.")
      case _ where Self.favoritesInput(command) != nil: await perform(Self.favoritesInput(command)!)
      default: await perform(.queryChanged(command))
      }
    }
  }

  /// Sends `input` and waits until the load it starts has finished and the
  /// view has drawn its outcome.
  private func perform(_ input: SearchViewModel.Input, otherwise: String? = nil) async {
    // Subscribe before sending, so that the end of the load cannot be missed.
    let finished = store.results.changed.filter { !$0.isLoading }.take(1).values
    guard viewModel.send(input) else {
      if let otherwise { write("  \(otherwise)") }
      return
    }
    for await _ in finished {}
    await view.waitUntilCaughtUp()
  }
}

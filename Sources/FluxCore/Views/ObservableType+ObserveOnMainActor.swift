extension ObservableType {
  /// Calls `onNext` on the main actor with the values, one main-queue hop
  /// per burst, in this observable's ``preferredDeliveryMode``: only the
  /// latest value of each burst for state, every value for events.
  ///
  /// ```swift
  /// store.results.observeOnMainActor { [weak self] in self?.rows = $0 }  // state: the latest
  /// store.toasts.observeOnMainActor { [weak self] in self?.show($0) }    // events: every one
  /// ```
  ///
  /// See ``observeOnMainActor(receiving:_:)``.
  ///
  /// - Parameter onNext: The handler, run on the main actor.
  /// - Returns: A disposable that ends the subscription; values still on
  ///   their way to the main actor are dropped.
  @inlinable
  public func observeOnMainActor(
    _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    observeOnMainActor(receiving: preferredDeliveryMode, onNext)
  }

  /// Calls `onNext` on the main actor with the values, one main-queue hop
  /// per burst, in the given mode, until the returned disposable is
  /// disposed.
  ///
  /// The handler is isolated to the main actor, so a `@MainActor` view model
  /// or view can update its own state in it directly:
  ///
  /// ```swift
  /// @MainActor
  /// final class ListViewModel {
  ///   private(set) var rows: [String] = []
  ///   private let disposeBag = DisposeBag()
  ///
  ///   init(store: ListStore) {
  ///     store.items.observeOnMainActor(receiving: .latestValue) { [weak self] items in
  ///       self?.rows = items.map(\.title)
  ///     }.disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
  ///
  /// Values reach the main actor once the action that produced them has
  /// been delivered: everything one action changes, in every store and
  /// every main-actor view, arrives together (guarantee 10, "one action,
  /// one frame"; see <doc:Guarantees>).
  ///
  /// - An action that the main actor dispatches and delivers itself (a
  ///   button's handler, a text field's setter) reaches the handler before
  ///   its `dispatch` returns, after everything committed before it: at the
  ///   action's end, with everything it changed (RxSwift's `MainScheduler`
  ///   calls it in the middle of the action). One this handler made itself
  ///   reaches it when it returns: it is never called inside itself.
  /// - An action delivered on another thread reaches it through the main
  ///   dispatch queue, in dispatch order, on a later turn: values that
  ///   arrive while a turn is pending join it, so 10,000 changes from a
  ///   background thread cost one hop per burst, not 10,000. In
  ///   ``DeliveryMode/latestValue`` mode the handler then runs at most once
  ///   per turn, with the newest value whose action has finished, and
  ///   never with a state that a later value replaced.
  /// - What the source delivers while this subscribes (the current value of
  ///   a ``Property`` or ``Variable``) reaches a caller that is already on
  ///   the main actor before this returns, so a view model starts with the
  ///   store's state (as of the last finished action, if one is
  ///   half-delivered on another thread); a caller elsewhere gets it on the
  ///   first hop. A barrier on the main queue (`await MainActor.run {}`)
  ///   runs after every value whose action had finished before the barrier
  ///   was queued; so once `waitUntilDelivered()` has returned, the next
  ///   main-actor turn shows what it waited for.
  ///
  /// The name is RxSwift's `observe(on: MainScheduler.instance)` and
  /// Combine's `receive(on: DispatchQueue.main)`, followed by the handler.
  /// (RxSwift's `subscribe(on:)` is something else: where the subscribing
  /// happens.)
  ///
  /// - Parameters:
  ///   - mode: Whether to deliver every value or the latest of each burst.
  ///   - onNext: The handler, run on the main actor.
  /// - Returns: A disposable that ends the subscription; values still on
  ///   their way to the main actor are dropped.
  @inlinable
  public func observeOnMainActor(
    receiving mode: DeliveryMode,
    _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    subscribe(through: MainHop(mode: mode, handler: onNext))
  }

  /// The former name of ``observeOnMainActor(receiving:_:)``, whose mode
  /// defaulted to every value even for state.
  ///
  /// - Parameters:
  ///   - mode: Whether to deliver every value or the latest of each burst.
  ///   - onNext: The handler, run on the main actor.
  /// - Returns: A disposable that ends the subscription.
  @available(
    *, deprecated,
    message:
      "use observeOnMainActor(_:), which delivers only the latest value of state, or observeOnMainActor(receiving:_:)"
  )
  @inlinable
  public func subscribeOnMainActor(
    receiving mode: DeliveryMode = .everyValue,
    _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    observeOnMainActor(receiving: mode, onNext)
  }
}

import Dispatch

extension ObservableType {
  /// Returns an observable that delivers values on `queue`, one hop per
  /// burst.
  ///
  /// Values that arrive while a hop to the queue is pending join it, so a
  /// burst of values costs one `async`, not one each. In
  /// ``DeliveryMode/everyValue`` mode every value is delivered, in order; in
  /// ``DeliveryMode/latestValue`` mode only the last of each burst, and the
  /// final value always arrives. The handler runs on a later turn of the
  /// queue, never on the thread that dispatched. Use a serial queue: values
  /// stay in order only if the queue runs its work in order. After the
  /// subscription is disposed, values already on their way are dropped.
  ///
  /// ```swift
  /// store.items.observe(on: renderQueue, receiving: .latestValue).subscribe { render($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - queue: A serial queue.
  ///   - mode: Whether to deliver every value or the latest of each burst.
  /// - Returns: An observable of the same values, delivered on `queue`.
  @inlinable
  public func observe(
    on queue: DispatchQueue, receiving mode: DeliveryMode = .everyValue
  ) -> Observable<Element> {
    Observable { onNext in
      subscribe(through: Hop(mode: mode, queue: queue, handler: onNext))
    }
  }

  /// Calls `onNext` on the main actor with the values, one main-queue hop
  /// per burst, until the returned disposable is disposed.
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
  ///     store.items.subscribeOnMainActor(receiving: .latestValue) { [weak self] items in
  ///       self?.rows = items.map(\.title)
  ///     }.disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
  ///
  /// Values travel through the main dispatch queue (see
  /// ``observe(on:receiving:)``): always on a later turn of the main actor,
  /// even when they were dispatched on it, and in dispatch order. Values that
  /// arrive while a hop is pending join it, so 10,000 changes from a
  /// background thread cost one hop per burst, not 10,000. Use
  /// ``DeliveryMode/everyValue`` (the default) for events and
  /// ``DeliveryMode/latestValue`` for state: then the handler runs at most
  /// once per turn, with the newest value, and never with a state that a
  /// later value of the same burst replaced.
  ///
  /// - Parameters:
  ///   - mode: Whether to deliver every value or the latest of each burst.
  ///   - onNext: The handler, run on the main actor.
  /// - Returns: A disposable that ends the subscription; values still on
  ///   their way to the main actor are dropped.
  @inlinable
  public func subscribeOnMainActor(
    receiving mode: DeliveryMode = .everyValue,
    _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    subscribe(through: mainActorHop(mode, onNext))
  }

  /// ``subscribeOnMainActor(receiving:_:)`` for a caller on the main actor,
  /// delivering on the spot what the source delivers while subscribing (the
  /// current value of a ``Property``), so that it is there when this returns.
  @MainActor
  @inlinable
  func subscribeOnMainActorReplayingAtOnce(
    receiving mode: DeliveryMode, _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    let hop = mainActorHop(mode, onNext)
    hop.beginSubscribing(on: currentThreadID())
    defer { hop.endSubscribing() }
    return subscribe(through: hop)
  }

  @inlinable
  func mainActorHop(
    _ mode: DeliveryMode, _ onNext: @escaping @MainActor (Element) -> Void
  ) -> Hop<Element> {
    Hop(mode: mode, mainActorHandler: onNext)
  }

  /// Subscribes `hop`, and ends both the subscription and the hop's
  /// deliveries on dispose.
  @inlinable
  func subscribe(through hop: Hop<Element>) -> any Disposable {
    let upstream = subscribe(hop.receive)
    return AnyDisposable {
      hop.dispose()
      upstream.dispose()
    }
  }
}

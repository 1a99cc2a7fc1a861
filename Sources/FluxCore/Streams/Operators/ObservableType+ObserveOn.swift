import Dispatch
import Synchronization

extension ObservableType {
  /// Returns an observable that delivers every value on `queue`, in order.
  ///
  /// Each value is handed to `queue` with `async`, so the handler runs on a
  /// later turn of the queue, never on the thread that dispatched. Use a
  /// serial queue: values stay in order only if the queue runs its work in
  /// order. After the subscription is disposed, values already handed to the
  /// queue are dropped, not delivered.
  ///
  /// ```swift
  /// store.items.observe(on: renderQueue).subscribe { render($0) }
  /// ```
  ///
  /// - Parameter queue: A serial queue.
  /// - Returns: An observable of the same values, delivered on `queue`.
  public func observe(on queue: DispatchQueue) -> Observable<Element> {
    Observable { onNext in
      let isDisposed = SharedFlag()
      let upstream = subscribe { element in
        queue.async {
          if !isDisposed.isSet { onNext(element) }
        }
      }
      return AnyDisposable {
        isDisposed.set()
        upstream.dispose()
      }
    }
  }

  /// Calls `onNext` on the main actor with every value, in order, until the
  /// returned disposable is disposed.
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
  ///     store.items.subscribeOnMainActor { [weak self] items in
  ///       self?.rows = items.map(\.title)
  ///     }.disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
  ///
  /// Values are delivered through the main dispatch queue (see
  /// ``observe(on:)``): always on a later turn of the main actor, even when
  /// they were dispatched on it, and in the order they were dispatched.
  ///
  /// - Parameter onNext: The handler, run on the main actor.
  /// - Returns: A disposable that ends the subscription; values still on
  ///   their way to the main actor are dropped.
  public func subscribeOnMainActor(
    _ onNext: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    observe(on: .main).subscribe { element in
      // The main queue runs on the main actor's thread.
      MainActor.assumeIsolated { onNext(element) }
    }
  }
}

/// A flag that is set once, from any thread.
private final class SharedFlag: Sendable {
  private let value = Atomic(false)

  init() {}

  var isSet: Bool { value.load(ordering: .acquiring) }

  func set() { value.store(true, ordering: .releasing) }
}

/// A container that disposes everything it holds when it is disposed or
/// deinitialized.
///
/// Give each owner of subscriptions (a store, a view, a view model) one bag,
/// and let the bag's lifetime end the subscriptions:
///
/// ```swift
/// final class SearchView {
///   private let disposeBag = DisposeBag()
///
///   init(store: SearchStore) {
///     store.items.subscribe { items in print(items) }.disposed(by: disposeBag)
///   }
/// }
/// ```
///
/// > Important: A bag is safe to use from any thread. Disposables are disposed
/// > outside the bag's lock, in the order they were inserted. Once a bag has
/// > been disposed, anything inserted later is disposed at once.
public final class DisposeBag: Disposable {
  /// The held disposables, or `nil` once the bag has been disposed.
  private let entries: Lock<DisposeBagEntries?>

  /// Creates an empty bag.
  public init() {
    entries = Lock(DisposeBagEntries())
  }

  deinit {
    dispose()
  }

  /// Adds `disposable` to the bag, or disposes it at once if the bag has
  /// already been disposed.
  ///
  /// - Parameter disposable: The disposable the bag owns from now on.
  public func insert(_ disposable: any Disposable) {
    let inserted = entries.withLock { entries -> Bool in
      guard entries != nil else { return false }
      entries!.append(disposable)
      return true
    }
    if !inserted {
      disposable.dispose()
    }
  }

  /// The number of disposables the bag holds and has not yet disposed.
  ///
  /// A disposable stays counted until the bag disposes it, even if it was
  /// disposed directly; this is for tests and diagnostics.
  public var count: Int {
    entries.withLock { $0?.count ?? 0 }
  }

  /// Disposes everything in the bag, in insertion order, and marks the bag as
  /// disposed so that later insertions are disposed at once.
  public func dispose() {
    let taken = entries.withLock { entries in
      defer { entries = nil }
      return entries
    }
    taken?.disposeAll()
  }
}

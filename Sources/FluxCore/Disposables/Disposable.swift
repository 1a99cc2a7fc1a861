/// A handle that ends something when disposed: a subscription, a binding, a task.
///
/// Every subscription in FluxCore returns a `Disposable`. Keep it for as long
/// as you want events, then call ``dispose()``, or hand it to a ``DisposeBag``
/// with ``disposed(by:)`` so that it ends when the bag's owner goes away.
///
/// ```swift
/// let subscription = subject.subscribe { print($0) }
/// subscription.dispose()          // no event dispatched from now on reaches it
/// ```
///
/// > Important: Conforming types must make ``dispose()`` idempotent and safe to
/// > call from any thread, including from inside the handler it stops.
public protocol Disposable: Sendable {
  /// Ends what this handle stands for.
  ///
  /// Calling it again, or from several threads at once, has no further effect.
  func dispose()
}

extension Disposable {
  /// Hands this disposable to `bag`, which disposes it when the bag is
  /// disposed or deinitialized.
  ///
  /// ```swift
  /// store.items.subscribe { render($0) }.disposed(by: disposeBag)
  /// ```
  ///
  /// - Parameter bag: The bag that owns this disposable from now on. If the bag
  ///   has already been disposed, this disposable is disposed at once.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

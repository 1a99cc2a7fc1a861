/// A disposable that runs a closure the first time it is disposed.
///
/// Use it to adapt your own clean-up code, for example when you write a type
/// that conforms to ``ObservableType``:
///
/// ```swift
/// let timer = startTimer()
/// return AnyDisposable { timer.invalidate() }
/// ```
///
/// The closure runs at most once, on the thread that first calls ``dispose()``,
/// and is released right after, together with everything it captured.
public final class AnyDisposable: Disposable {
  private let action: Lock<(@Sendable () -> Void)?>

  /// Creates a disposable that calls `dispose` the first time it is disposed.
  ///
  /// - Parameter dispose: The clean-up action. It is not called if the
  ///   disposable is deinitialized without being disposed.
  public init(_ dispose: @escaping @Sendable () -> Void) {
    action = Lock(dispose)
  }

  /// Runs the clean-up action if it has not run yet, then releases it.
  public func dispose() {
    // Take the action out under the lock; run and release it outside.
    let pending = action.withLock { action in
      defer { action = nil }
      return action
    }
    pending?()
  }
}

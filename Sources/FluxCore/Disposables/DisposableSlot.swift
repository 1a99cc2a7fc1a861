/// A disposable that stands in for another one that may arrive later.
///
/// An operator returns the slot at once and fills it when its upstream
/// subscription is made. If the slot is disposed first, even from inside the
/// upstream `subscribe` call, the disposable that fills it later is disposed
/// at once.
@usableFromInline
final class DisposableSlot: Disposable {
  private enum State {
    case empty
    case filled(any Disposable)
    case disposed
  }

  private let state = Lock(State.empty)

  @usableFromInline
  init() {}

  /// Stores `disposable`, or disposes it at once if the slot has been disposed.
  @usableFromInline
  func fill(with disposable: any Disposable) {
    let stored = state.withLock { state -> Bool in
      guard case .empty = state else { return false }
      state = .filled(disposable)
      return true
    }
    if !stored {
      disposable.dispose()
    }
  }

  /// Disposes the stored disposable, if any, and everything that fills the
  /// slot later.
  @usableFromInline
  func dispose() {
    let taken = state.withLock { state -> (any Disposable)? in
      defer { state = .disposed }
      guard case .filled(let disposable) = state else { return nil }
      return disposable
    }
    taken?.dispose()
  }
}

/// The snapshot taken out of a subject under its lock, with the strong
/// reference the subject held: release it once the lock is released, since
/// freeing a snapshot may free handlers and run their captures' `deinit`.
///
/// Not `Sendable`: it holds a snapshot, and stays on the thread that took it.
@usableFromInline
struct SnapshotToRelease {
  @usableFromInline let reference: Unmanaged<SubscriberSnapshot>?

  @inlinable
  init(_ reference: Unmanaged<SubscriberSnapshot>?) {
    self.reference = reference
  }

  /// Nothing to release.
  @inlinable static var nothing: SnapshotToRelease { SnapshotToRelease(nil) }

  /// Gives the reference back; call it once, outside the lock.
  @inlinable
  func release() {
    reference?.release()
  }
}

/// Explicitly not `Sendable`: it stays on the thread that took the snapshot.
@available(*, unavailable)
extension SnapshotToRelease: Sendable {}

// How a subject's delivery snapshot follows its subscriptions: marked stale
// when they change, rebuilt by the next delivery, dropped when the role is
// given back stale.

extension SubjectCore {
  /// Marks the snapshot stale after a change of the active subscribers.
  ///
  /// Called with the lock held.
  ///
  /// Only a thread holding the lock clears `stale`, so seeing it set here
  /// means it stays set until a refresh that comes after this change; the
  /// read-modify-write is needed only when it is clear.
  @usableFromInline
  @inline(never)
  func markSnapshotStale() {
    if delivery.load(ordering: .relaxed) & DeliveryState.stale == 0 {
      delivery.bitwiseOr(DeliveryState.stale, ordering: .relaxed)
    }
  }

  /// Rebuilds the snapshot from the registry and clears `stale`.
  ///
  /// Called with the lock and the role held.
  ///
  /// - Returns: The replaced snapshot, to be released after the lock.
  @inlinable
  func refreshSnapshot(from registry: inout SubscriberRegistry) -> SnapshotToRelease {
    let fresh = registry.makeSnapshot().map { Unmanaged.passRetained($0) }
    delivery.bitwiseAnd(~DeliveryState.stale, ordering: .relaxed)
    return SnapshotToRelease(snapshot.exchange(fresh, ordering: .relaxed))
  }

  /// Drops the snapshot.
  ///
  /// Called by the holder of the role, or with the lock held while nobody
  /// delivers.
  ///
  /// - Returns: What it held, to be released after the lock.
  @inlinable
  func dropSnapshot() -> SnapshotToRelease {
    SnapshotToRelease(snapshot.exchange(nil, ordering: .relaxed))
  }
}

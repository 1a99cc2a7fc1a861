/// A value that a ``Lock`` guards without owning it, so that one mutex can
/// protect a lock's own (non-generic) state and some generic state beside it.
///
/// Reach the value only through ``Lock/withLock(guarding:_:)`` of the lock it
/// belongs to. `DispatchSubject` pairs each of its guarded values with its own
/// lock when it is created and never with another.
@usableFromInline
struct LockGuarded<Value>: @unchecked Sendable {
  // Safe: the value is read and written only inside `withLock(guarding:_:)`
  // of the one lock it was paired with, which holds that lock's mutex, so no
  // two threads touch it at once and the mutex orders their accesses.

  @usableFromInline
  let storage: LockGuardedStorage<Value>

  @inlinable
  init(_ value: Value) {
    storage = LockGuardedStorage(value)
  }
}

/// The heap storage of a ``LockGuarded`` value.
@usableFromInline
final class LockGuardedStorage<Value> {
  @usableFromInline
  let pointer: UnsafeMutablePointer<Value>

  @inlinable
  init(_ value: Value) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: value)
  }

  @inlinable
  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}

extension Lock {
  /// Runs `body` with exclusive access to the lock's state and to `guarded`.
  ///
  /// - Parameters:
  ///   - guarded: A value this lock guards; never one paired with another
  ///     lock.
  ///   - body: Runs with the lock held; it must not call user code.
  /// - Returns: What `body` returns.
  @inlinable
  func withLock<Guarded, Result>(
    guarding guarded: LockGuarded<Guarded>,
    _ body: (inout State, inout Guarded) throws -> Result
  ) rethrows -> Result {
    try withLock { state in try body(&state, &guarded.storage.pointer.pointee) }
  }
}

// The storage is not safe to share by itself; only `LockGuarded`, used as
// documented, makes it so.
@available(*, unavailable)
extension LockGuardedStorage: Sendable {}

import CFluxCoreAtomics

/// A mutual-exclusion lock that owns the state it protects.
///
/// The state and the lock live in one allocation, and the state is reachable
/// only through ``withLock(_:)``. The lock is CFluxCoreAtomics'
/// `fluxcore_lock_t`: on Linux a futex lock of our own, one atomic
/// instruction to take and one to give back when no other thread wants it
/// (a glibc mutex costs about sixty), which spins briefly before sleeping,
/// as every critical section in FluxCore is a few dozen instructions;
/// `os_unfair_lock` on Apple's systems; a `pthread_mutex_t` anywhere else.
/// Not `Synchronization.Mutex`: its floor is above FluxCore's, and on Linux
/// its atomics are in the standard library, which ThreadSanitizer does not
/// instrument, so TSan reports false races under load; it sees ours.
///
/// Never run code you do not control inside `withLock`: no handlers, no
/// disposal actions, and no release of a value whose `deinit` might run one.
/// Move such values out and drop them after the lock is released.
///
/// It is the one lock of the whole package: FluxCoreTesting,
/// FluxCoreRecording, FluxCorePersistence and the tests use it too (it is
/// `package`), for the reason above. A `Lock` is a reference to its storage,
/// so closures can capture it and share the state it guards.
@usableFromInline
package struct Lock<State> {
  @usableFromInline
  let storage: LockStorage<State>

  /// Creates a lock around `initialState`.
  @inlinable
  package init(_ initialState: State) {
    storage = LockStorage.make(initialState)
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { state, lock in
      fluxcore_lock_lock(lock)
      defer { fluxcore_lock_unlock(lock) }
      return try body(&state.pointee)
    }
  }
}

// Safe: the state is only ever touched inside `withLock`, which holds the
// lock, so no two threads access it at once and the lock orders their
// accesses; values moved in and out of it must themselves be Sendable. (A
// lock that stores a ``LockGuarded`` value is never locked itself: its
// state is touched only inside `withLock(guarding:)` of the lock it is
// paired with, which holds that lock instead.)
extension Lock: @unchecked Sendable where State: Sendable {}

/// The single allocation behind a ``Lock``: the state as the header and one
/// `fluxcore_lock_t` as the only element (an element's address is stable, as
/// a lock's must be).
@usableFromInline
final class LockStorage<State>: ManagedBuffer<State, fluxcore_lock_t> {
  @inlinable
  static func make(_ initialState: State) -> LockStorage {
    let buffer = create(minimumCapacity: 1) { _ in initialState }
    let storage = unsafeDowncast(buffer, to: LockStorage.self)
    storage.withUnsafeMutablePointerToElements { lock in
      lock.initialize(to: fluxcore_lock_t())
      fluxcore_lock_init(lock)
    }
    return storage
  }

  @inlinable
  deinit {
    withUnsafeMutablePointerToElements { lock in
      fluxcore_lock_destroy(lock)
      lock.deinitialize(count: 1)
    }
  }
}

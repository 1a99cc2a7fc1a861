#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#else
#error("FluxCore needs pthreads.")
#endif

/// A mutual-exclusion lock that owns the state it protects.
///
/// The state and a `pthread_mutex_t` live in one allocation, and the state is
/// reachable only through ``withLock(_:)``. A pthread mutex rather than
/// `Synchronization.Mutex`: on Linux the latter waits in a futex that
/// ThreadSanitizer does not see, so TSan reports false races under load. With
/// glibc it is an adaptive mutex, which spins briefly before sleeping: every
/// critical section in FluxCore is a few dozen instructions.
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
    try storage.withUnsafeMutablePointers { state, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&state.pointee)
    }
  }
}

// Safe: the state is only ever touched inside `withLock`, which holds the
// mutex, so no two threads access it at once and the mutex orders their
// accesses; values moved in and out of it must themselves be Sendable. (A
// lock that stores a ``LockGuarded`` value is never locked itself: its
// state is touched only inside `withLock(guarding:)` of the lock it is
// paired with, which holds that lock's mutex instead.)
extension Lock: @unchecked Sendable where State: Sendable {}

/// The single allocation behind a ``Lock``: the state as the header and one
/// `pthread_mutex_t` as the only element.
@usableFromInline
final class LockStorage<State>: ManagedBuffer<State, pthread_mutex_t> {
  @inlinable
  static func make(_ initialState: State) -> LockStorage {
    let buffer = create(minimumCapacity: 1) { _ in initialState }
    let storage = unsafeDowncast(buffer, to: LockStorage.self)
    storage.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      #if canImport(Glibc)
      // Adaptive: spin briefly before sleeping, as the critical sections are
      // a handful of instructions.
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
      let result = pthread_mutex_init(mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
      #else
      let result = pthread_mutex_init(mutex, nil)
      #endif
      precondition(result == 0, "pthread_mutex_init failed with error \(result)")
    }
    return storage
  }

  @inlinable
  deinit {
    withUnsafeMutablePointerToElements { mutex in
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
    }
  }
}

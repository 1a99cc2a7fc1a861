#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state a handler updates. Each is written by one thread at a time:
/// every contender serializes the calls to one handler.
final class Tally: @unchecked Sendable {
  var total = 0
}

/// A handler that captures state, as real handlers do.
func makeHandler(_ tally: Tally) -> @Sendable (Int) -> Void {
  { value in tally.total &+= value }
}

/// The yardstick: a plain loop over an array of handler closures.
@inline(never)
func callAll(_ handlers: [(Int) -> Void], _ value: Int) {
  for handler in handlers {
    handler(value)
  }
}

/// A pthread mutex, for the hand-rolled thread-safe yardstick.
final class PthreadMutex: @unchecked Sendable {
  // Safe: the mutex is only used through pthread calls, which synchronize.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
}

/// The yardstick behind a mutex: what a hand-rolled thread-safe dispatcher does.
@inline(never)
func callAllLocked(_ mutex: PthreadMutex, _ handlers: [(Int) -> Void], _ value: Int) {
  mutex.lock()
  for handler in handlers {
    handler(value)
  }
  mutex.unlock()
}

/// The locked yardstick over handlers that may be called from any thread.
@inline(never)
func callAllLocked(_ mutex: PthreadMutex, _ handlers: [@Sendable (Int) -> Void], _ value: Int) {
  mutex.lock()
  for handler in handlers {
    handler(value)
  }
  mutex.unlock()
}

/// A hand-rolled thread-safe subscriber list: handlers with ids in an array
/// behind a mutex, the yardstick for subscribing and disposing.
final class LockedHandlerList: @unchecked Sendable {
  // Safe: `handlers` and `nextID` are only touched while holding `mutex`.
  private let mutex = PthreadMutex()
  /// A struct rather than a tuple, so that the array stores the closure as
  /// it is, without a reabstraction thunk (an allocation) per handler.
  private struct Entry {
    let id: Int
    let handler: @Sendable (Int) -> Void
  }

  private var handlers: [Entry] = []
  private var nextID = 0

  func add(_ handler: @escaping @Sendable (Int) -> Void) -> Int {
    mutex.lock()
    defer { mutex.unlock() }
    nextID += 1
    handlers.append(Entry(id: nextID, handler: handler))
    return nextID
  }

  /// Removes the handler with `id`, searching from the end: the best case
  /// when it is the one added last, as here.
  func remove(_ id: Int) {
    mutex.lock()
    let removed = handlers.lastIndex { $0.id == id }.map { handlers.remove(at: $0) }
    mutex.unlock()
    withExtendedLifetime(removed) {}  // released outside the lock
  }
}

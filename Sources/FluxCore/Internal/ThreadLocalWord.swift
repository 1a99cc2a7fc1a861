#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// One pointer-sized word per thread, `nil` until the thread sets it: a
/// pthread key without a destructor, made once and never deleted.
///
/// Every pointer conversion is written out, so that the Apple floor's
/// stand-in standard library (scripts/check-apple-floor), which lacks the
/// implicit conversions' intrinsics, type-checks the code that uses it.
struct ThreadLocalWord: Sendable {
  private let key: pthread_key_t

  /// Makes the key; traps if the system has no key left, as a thread-local
  /// that cannot exist leaves nothing sensible to do.
  init() {
    var key = pthread_key_t()
    let created = withUnsafeMutablePointer(to: &key) { pthread_key_create($0, nil) }
    precondition(created == 0, "pthread_key_create failed with error \(created)")
    self.key = key
  }

  /// This thread's word.
  var value: UnsafeRawPointer? {
    pthread_getspecific(key).map { UnsafeRawPointer($0) }
  }

  /// Sets this thread's word.
  func set(_ value: UnsafeRawPointer?) {
    pthread_setspecific(key, value)
  }
}

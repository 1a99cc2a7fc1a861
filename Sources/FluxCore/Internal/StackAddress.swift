#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// An address in the calling thread's stack: the thread's identity for the
/// delivery engine's fast path, where it costs one instruction (a call to
/// `pthread_self` would cost one call per `dispatch`).
///
/// Stacks of live threads never overlap, so an address identifies the
/// thread whose stack holds it; ``isInCurrentThreadsStack(_:)`` tells.
@inlinable
@inline(__always)
func currentStackAddress() -> UInt {
  var mark: UInt8 = 0
  return withUnsafeMutablePointer(to: &mark) { UInt(bitPattern: $0) }
}

/// Whether `address` lies in the calling thread's stack; `false` where the
/// platform cannot say.
///
/// Slow (it asks the system for the stack's bounds): for rare paths only.
func isInCurrentThreadsStack(_ address: UInt) -> Bool {
  #if canImport(Darwin)
  let thread = pthread_self()
  let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
  let size = UInt(pthread_get_stacksize_np(thread))
  return address < top && address >= top - size
  #else
  guard let bounds = currentStackBounds() else { return false }
  return bounds.contains(address)
  #endif
}

#if !canImport(Darwin)
/// `pthread_getattr_np`, a GNU extension that the Swift module of the C
/// library does not show, found at run time.
private typealias GetAttributes =
  @convention(c) (
    pthread_t, UnsafeMutablePointer<pthread_attr_t>
  ) -> Int32

/// The calling thread's stack, from its attributes.
private func currentStackBounds() -> Range<UInt>? {
  // A null handle is RTLD_DEFAULT: every loaded library.
  guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
  let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
  var attributes = pthread_attr_t()
  guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
  defer { pthread_attr_destroy(&attributes) }
  var base: UnsafeMutableRawPointer?
  var size = 0
  guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return nil }
  let low = UInt(bitPattern: base)
  return low..<low + UInt(size)
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// A number that identifies the calling thread among the threads alive now;
/// never 0.
///
/// The delivery engine tags queued work with it, to tell the events that a
/// `dispatch` call caused itself from those other threads queued meanwhile.
/// A thread's number may be reused once the thread has exited.
@usableFromInline
func currentThreadID() -> UInt {
  // Never 0 (or null) for a running thread.
  #if canImport(Darwin)
  UInt(bitPattern: pthread_self())
  #else
  UInt(pthread_self())
  #endif
}

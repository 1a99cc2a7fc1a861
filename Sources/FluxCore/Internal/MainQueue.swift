import Dispatch

/// Whether the caller runs on the main queue, and so on the main actor.
///
/// A mark set on the main queue once, then read with `getSpecific`, which
/// finds it for work the main queue runs (wherever libdispatch runs it: on
/// Linux, `dispatchMain()` lets another thread drain the main queue) and for
/// the main thread outside any queue's work, which libdispatch counts as on
/// the main queue.
@usableFromInline
func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueMark) != nil
}

/// Whether `queue` is the main queue. (`DispatchQueue.main` may return a
/// new wrapper each time, so identity does not tell.)
@usableFromInline
func isMainQueue(_ queue: DispatchQueue) -> Bool {
  queue.getSpecific(key: mainQueueMark) != nil
}

/// The key of the main queue's mark; marks the queue when first read.
private let mainQueueMark: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

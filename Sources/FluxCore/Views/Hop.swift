import Dispatch
import Synchronization

/// Carries values from the threads that deliver them to a queue, one hop per
/// burst: values that arrive while a hop is pending join it.
///
/// The queue must be serial; the handler runs there, in order. After
/// ``dispose()``, values still on their way are dropped.
final class Hop<Element: Sendable>: Sendable {
  private struct State: Sendable {
    /// Values waiting for the pending hop (every-value mode).
    var values: ContiguousArray<Element> = []
    /// The latest value waiting for the pending hop (latest-value mode).
    var latest: Element?
    /// An emptied buffer, kept for the next burst.
    var spare: ContiguousArray<Element> = []
    var isScheduled = false
    /// The thread subscribing, while it may deliver on the spot.
    var subscribingThread: UInt = 0
  }

  private let state = Lock(State())
  private let isDisposed = Atomic(false)
  private let mode: DeliveryMode
  private let queue: DispatchQueue
  private let handler: @Sendable (Element) -> Void

  init(mode: DeliveryMode, queue: DispatchQueue, handler: @escaping @Sendable (Element) -> Void) {
    self.mode = mode
    self.queue = queue
    self.handler = handler
  }

  /// Values that arrive on `thread` until ``endSubscribing()`` are delivered
  /// at once instead of with a hop: for a caller already on the queue, so
  /// that a replayed current value is there when `subscribe` returns.
  func beginSubscribing(on thread: UInt) {
    state.withLock { $0.subscribingThread = thread }
  }

  func endSubscribing() {
    state.withLock { $0.subscribingThread = 0 }
  }

  /// Takes a value from the delivering thread.
  func receive(_ element: Element) {
    guard !isDisposed.load(ordering: .relaxed) else { return }
    let thread = currentThreadID()
    var replaced: Element?
    let (schedule, now) = state.withLock { state -> (Bool, Bool) in
      if state.subscribingThread == thread, !state.isScheduled { return (false, true) }
      switch mode {
      case .everyValue: state.values.append(element)
      case .latestValue:
        replaced = state.latest.take()
        state.latest = element
      }
      if state.isScheduled { return (false, false) }
      state.isScheduled = true
      return (true, false)
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime(replaced) {}
    if now {
      handler(element)
    } else if schedule {
      queue.async { self.deliverPending() }
    }
  }

  /// The hop: delivers what has gathered, in order.
  private func deliverPending() {
    var batch = ContiguousArray<Element>()
    let latest = state.withLock { state -> Element? in
      state.isScheduled = false
      swap(&batch, &state.spare)
      swap(&batch, &state.values)
      return state.latest.take()
    }
    HopCount.record()
    if let latest, !isDisposed.load(ordering: .acquiring) { handler(latest) }
    for element in batch {
      guard !isDisposed.load(ordering: .acquiring) else { break }
      handler(element)
    }
    batch.removeAll(keepingCapacity: true)
    state.withLock { state in
      if state.spare.capacity < batch.capacity { swap(&batch, &state.spare) }
    }
  }

  /// Stops delivery; values still on their way are dropped.
  func dispose() {
    isDisposed.store(true, ordering: .releasing)
    let dropped = state.withLock { state in
      var values = ContiguousArray<Element>()
      swap(&values, &state.values)
      return (values, state.latest.take())
    }
    withExtendedLifetime(dropped) {}
  }
}

/// The number of hops made so far, for benchmarks and diagnostics.
@_spi(Diagnostics)
public enum HopCount {
  /// How many hops to a queue or to the main actor FluxCore has made since
  /// the program started: one per burst of values, whatever its length.
  public static var total: Int { hopCounter.load(ordering: .relaxed) }

  static func record() {
    hopCounter.add(1, ordering: .relaxed)
  }
}

/// See ``HopCount``: a plain global with a constant initial value, set up
/// statically.
private let hopCounter = Atomic(0)

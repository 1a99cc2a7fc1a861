import CFluxCoreAtomics
import Dispatch

/// Carries values from the threads that deliver them to a serial queue
/// other than the main queue, one hop per burst: values that arrive while a
/// hop is scheduled and has not yet started join it. (The main actor has
/// ``MainHop``, which delivers one frame at a time.)
///
/// A value that arrives once the hop has taken its values (while it
/// delivers them, or after) schedules the next hop itself, from the
/// producer, as one `async` per value would. So a hop is the queue's own
/// work: whatever reached the hop before a barrier was put on the queue
/// (`queue.sync {}`) has been handed to the handler when the barrier runs.
/// A producer still pays for waking the queue once per burst, not once per
/// value. The handler runs on the queue, in order. After ``dispose()``,
/// values still on their way are dropped.
@usableFromInline
final class Hop<Element: Sendable>: Sendable {
  @usableFromInline
  struct State: Sendable {
    /// Values waiting for the next hop (every-value mode).
    @usableFromInline var values: ContiguousArray<Element> = []
    /// The latest value waiting for the next hop (latest-value mode).
    @usableFromInline var latest: Element?
    /// An emptied buffer, kept for the next burst.
    @usableFromInline var spare: ContiguousArray<Element> = []
    /// Whether a hop is scheduled and has not yet taken the values; while
    /// one is, new values only join the buffer.
    @usableFromInline var isScheduled = false

    @inlinable
    init() {}
  }

  /// The storage of ``isDisposed``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWord = AtomicStorage(0)
  @usableFromInline let state = Lock(State())
  @usableFromInline let mode: DeliveryMode
  @usableFromInline let queue: DispatchQueue
  @usableFromInline let handler: @Sendable (Element) -> Void

  /// Set once the subscription is disposed.
  @inlinable
  var isDisposed: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self)) }

  /// Creates a hop to `queue`.
  @inlinable
  init(mode: DeliveryMode, queue: DispatchQueue, handler: @escaping @Sendable (Element) -> Void) {
    self.mode = mode
    self.queue = queue
    self.handler = handler
  }

  /// Calls the handler with `values`, in order, stopping if disposed; on the
  /// queue.
  @inlinable
  func deliver(_ values: some Sequence<Element>) {
    for value in values {
      guard !isDisposed.load(ordering: .acquiring) else { return }
      handler(value)
    }
  }

  /// Takes a value from the delivering thread.
  @inlinable
  func receive(_ element: Element) {
    guard !isDisposed.load(ordering: .relaxed) else { return }
    var replaced: Element?
    let schedule = state.withLock { state -> Bool in
      switch mode {
      case .everyValue: state.values.append(element)
      case .latestValue:
        replaced = state.latest.take()
        state.latest = element
      }
      if state.isScheduled { return false }
      state.isScheduled = true
      return true
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime(replaced) {}
    if schedule { queue.async { self.deliverWaiting() } }
  }

  /// One hop, on the queue: delivers what has gathered, in order.
  ///
  /// What arrives once it has taken the values schedules a hop of its own.
  @usableFromInline
  func deliverWaiting() {
    var batch = ContiguousArray<Element>()
    let latest = state.withLock { state -> Element? in
      swap(&batch, &state.spare)
      swap(&batch, &state.values)
      state.isScheduled = false
      return state.latest.take()
    }
    HopCount.record()
    if let latest {
      deliver(CollectionOfOne(latest))
    } else {
      do {
        // A copy the closure can capture, gone before the buffer is reused.
        let values = batch
        deliver(values)
      }
    }
    batch.removeAll(keepingCapacity: true)
    state.withLock { state in
      if state.spare.capacity < batch.capacity { swap(&batch, &state.spare) }
    }
  }

  /// Stops delivery; values still on their way are dropped.
  @usableFromInline
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
public enum HopCount: Sendable {
  /// How many hops to a queue or to the main actor FluxCore has made since
  /// the program started: one per burst of values, whatever its length (for
  /// the main actor, one per turn that delivers committed frames).
  public static var total: Int { counter.load(ordering: .relaxed) }

  @usableFromInline
  static func record() {
    counter.add(1, ordering: .relaxed)
  }

  /// How many of the main actor's turns have lingered since the program
  /// started: waited on the main thread for more from a flood, instead of
  /// ending at once (see the Guarantees article).
  public static var lingered: Int { lingeredCounter.load(ordering: .relaxed) }

  static func recordLingering() {
    lingeredCounter.add(1, ordering: .relaxed)
  }

  /// C globals, zero before any code runs (CFluxCoreAtomics).
  private static var counter: AtomicWord { AtomicWord(fluxcore_hop_count_word()) }
  private static var lingeredCounter: AtomicWord { AtomicWord(fluxcore_lingered_count_word()) }
}

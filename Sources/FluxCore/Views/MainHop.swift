/// Carries values from the threads that deliver them to the main actor, one
/// frame at a time (guarantee 10).
///
/// A value that arrives during a delivery that keeps a frame (a main-actor
/// view exists, and the thread is inside an action) waits, kept for its
/// thread, until that action ends: then the frame is committed, and the
/// main actor's next turn delivers it together with everything else the
/// action changed (MainActorOutbox.swift). A value that arrives outside any
/// action (a replay to a new subscriber) is ready at once. So a handler
/// sees a value only once the action that set it has finished.
///
/// Each value gets a sequence number in the order it reached the hop. In
/// latest-value mode a commit replaces what is ready only with a newer
/// value, so a slow action that finishes last never puts an older state
/// back on screen. In every-value mode values are delivered in that order,
/// and a value waits while an earlier one is still kept for an unfinished
/// action on another thread. After ``dispose()``, values still on their way
/// are dropped.
@usableFromInline
final class MainHop<Element: Sendable>: FrameMember, @unchecked Sendable {
  // Safe: `atomicWord` is touched only through AtomicWord's atomic
  // operations once `init` returns (a `var` because they write it); every
  // other stored property is a `let` of a Sendable type.

  /// A value and its place in the order values reached the hop.
  @usableFromInline
  struct Numbered: Sendable {
    @usableFromInline let value: Element
    @usableFromInline let number: UInt64
  }

  /// What one thread's open frame gave the hop.
  @usableFromInline
  struct Kept: Sendable {
    @usableFromInline let thread: UInt
    @usableFromInline var values: [Numbered]
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var nextNumber: UInt64 = 1
    /// Values kept for unfinished actions, by thread.
    @usableFromInline var kept: [Kept] = []
    /// Values ready for the main actor, in order (every-value mode), or the
    /// newest one (latest-value mode).
    @usableFromInline var ready: [Numbered] = []
    /// The number of the newest value made ready or delivered.
    @usableFromInline var newest: UInt64 = 0
    /// The thread subscribing, while it may deliver on the spot.
    @usableFromInline var subscribingThread: UInt = 0

    @inlinable
    init() {}

    /// Whether nothing is kept or ready: a value may then go ahead of
    /// nothing.
    @inlinable
    var isEmpty: Bool { kept.isEmpty && ready.isEmpty }
  }

  /// The storage of ``isDisposed``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline var atomicWord = 0
  @usableFromInline let state = Lock(State())
  @usableFromInline let mode: DeliveryMode
  /// The handler, run on the main actor.
  @usableFromInline let handler: @MainActor @Sendable (Element) -> Void

  /// Set once the subscription is disposed.
  @inlinable
  var isDisposed: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self)) }

  /// Creates a hop to the main actor; the main actor's views now keep
  /// frames (see KeptFrames.swift) until it is disposed.
  @usableFromInline
  init(mode: DeliveryMode, handler: @escaping @MainActor @Sendable (Element) -> Void) {
    self.mode = mode
    self.handler = handler
    KeptFrames.viewAppeared()
  }

  /// Values that arrive on `thread` until ``endSubscribing()`` are delivered
  /// at once, if nothing is waiting ahead of them: for a caller already on
  /// the main actor, so that a replayed current value is there when
  /// `subscribe` returns.
  @usableFromInline
  func beginSubscribing(on thread: UInt) {
    state.withLock { $0.subscribingThread = thread }
  }

  @usableFromInline
  func endSubscribing() {
    state.withLock { $0.subscribingThread = 0 }
  }

  /// Takes a value from the thread that delivers it.
  @usableFromInline
  func receive(_ element: Element) {
    guard !isDisposed.load(ordering: .relaxed) else { return }
    let thread = currentThreadID()
    let frame = ThreadFrame.current
    let inFrame = frame.isOpen
    var replaced: [Numbered] = []
    let outcome = state.withLock { state -> ReceiveOutcome in
      if state.subscribingThread == thread, state.isEmpty {
        state.newest = state.nextNumber
        state.nextNumber += 1
        return .now
      }
      let numbered = Numbered(value: element, number: state.nextNumber)
      state.nextNumber += 1
      guard inFrame else {
        replaced = makeReady([numbered], in: &state)
        return .ready
      }
      if let index = state.kept.firstIndex(where: { $0.thread == thread }) {
        replaced = keep(numbered, in: &state.kept[index].values)
        return .kept
      }
      state.kept.append(Kept(thread: thread, values: [numbered]))
      return .joined
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime(replaced) {}
    switch outcome {
    case .now:
      // Only a caller on the main queue, and so on the main actor, subscribes
      // on the spot.
      MainActor.assumeIsolated {
        guard !isDisposed.load(ordering: .acquiring) else { return }
        handler(element)
      }
    case .joined: frame.add(self)
    case .kept: break
    case .ready: MainActorOutbox.post(self)
    }
  }

  /// Adds a value kept for a frame: all of them, or only the newest;
  /// returns what it replaced, to be dropped outside the lock.
  private func keep(_ numbered: Numbered, in values: inout [Numbered]) -> [Numbered] {
    switch mode {
    case .everyValue:
      values.append(numbered)
      return []
    case .latestValue:
      defer { values = [numbered] }
      return values
    }
  }

  /// Makes `values` (in order) ready for the main actor; returns what they
  /// replaced, to be dropped outside the lock.
  private func makeReady(_ values: [Numbered], in state: inout State) -> [Numbered] {
    switch mode {
    case .everyValue:
      let start = state.ready.count
      state.ready += values
      // Another thread's frame committed after this one may have made
      // later values ready first: keep the order in which values came.
      if start > 0, let first = values.first, state.ready[start - 1].number > first.number {
        state.ready.sort { $0.number < $1.number }
      }
      return []
    case .latestValue:
      guard let newest = values.last, newest.number > state.newest else { return values }
      state.newest = newest.number
      defer { state.ready = [newest] }
      return state.ready
    }
  }

  @usableFromInline
  func commit(from thread: UInt) -> Bool {
    let (isReady, replaced) = state.withLock { state -> (Bool, [Numbered]) in
      guard let index = state.kept.firstIndex(where: { $0.thread == thread }) else {
        return (false, [])
      }
      let kept = state.kept.remove(at: index)
      let replaced = makeReady(kept.values, in: &state)
      return (!state.ready.isEmpty, replaced)
    }
    withExtendedLifetime(replaced) {}
    return isReady
  }

  @usableFromInline
  func takeCommitted() -> (@MainActor () -> Void)? {
    let values = state.withLock { state -> [Numbered] in
      // Every value: not past one still kept for an unfinished action.
      let limit =
        mode == .everyValue ? state.kept.compactMap { $0.values.first?.number }.min() ?? .max : .max
      let end = state.ready.firstIndex { $0.number > limit } ?? state.ready.count
      defer { state.ready.removeFirst(end) }
      return Array(state.ready[..<end])
    }
    guard !values.isEmpty else { return nil }
    return { self.deliver(values) }
  }

  /// Calls the handler with `values`, in order, stopping if disposed.
  @MainActor
  private func deliver(_ values: [Numbered]) {
    for numbered in values {
      guard !isDisposed.load(ordering: .acquiring) else { return }
      handler(numbered.value)
    }
  }

  /// Stops delivery; values still on their way are dropped.
  ///
  /// Called once, by the subscription's disposable.
  @usableFromInline
  func dispose() {
    isDisposed.store(true, ordering: .releasing)
    let dropped = state.withLock { state in
      defer {
        state.kept = []
        state.ready = []
      }
      return (state.kept, state.ready)
    }
    withExtendedLifetime(dropped) {}
    KeptFrames.viewDisappeared()
  }
}

/// What a ``MainHop`` did with a value it received.
private enum ReceiveOutcome {
  /// Delivered it on the spot, to a caller subscribing on the main actor.
  case now
  /// Kept it for this thread's frame, which the hop joined.
  case joined
  /// Kept it for this thread's frame, which the hop had joined already.
  case kept
  /// Made it ready for the main actor: no frame was open.
  case ready
}

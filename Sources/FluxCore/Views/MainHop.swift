/// Carries values from the threads that deliver them to the main actor, one
/// frame at a time (guarantee 10).
///
/// A value that arrives during an action (a delivery is in progress on its
/// thread) is kept in that thread's frame, with no lock, until the action
/// ends: then the frame is committed, and the main actor gets the value
/// with everything else the action changed, in its next turn, or at once
/// when the action was the main actor's own (ThreadFrame.swift,
/// MainActorOutbox.swift). A value that arrives outside any action (a
/// stream's own thread) is ready at once. So a handler sees a value only
/// once the action that set it has finished.
///
/// Values are numbered in the order they reach the hop (its handler is
/// called serially, so that order is the source's). In latest-value mode a
/// commit makes a value ready only if it is newer than what was made ready
/// before, so a slow action that finishes last never puts an older state
/// back on screen. In every-value mode values are delivered in number
/// order, and one waits while an earlier one is still kept for an
/// unfinished action on another thread. After ``dispose()``, values still
/// on their way are dropped.
@usableFromInline
final class MainHop<Element: Sendable>: FrameMember, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type (atomics, a
  // lock, Sendable closures); `@unchecked` only because FrameMember, its
  // superclass, is (it has no stored properties).
  /// The storage of ``isDisposed``, ``nextNumber`` and ``subscribingThread``:
  /// the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWords = AtomicStorage((0, 1, 0))
  @usableFromInline let state: Lock<MainHopState<Element>>
  @usableFromInline let mode: DeliveryMode
  /// The handler, run on the main actor.
  @usableFromInline let handler: @MainActor @Sendable (Element) -> Void
  /// ``commitKept(_:)``, ``commitKept(number:value:)``, taking what is
  /// ready and ``deliverTakenValues()``, specialized for
  /// `Element` where the hop was made: the ``FrameMember`` witnesses are
  /// generic code, which would look up the metadata of every generic type
  /// they touch on each call.
  @usableFromInline let committing: @Sendable (MainHop, UnsafeBufferPointer<KeptEntry>) -> Bool
  @usableFromInline let committingOne: @Sendable (MainHop, Int, UnsafeMutableRawPointer) -> Bool
  @usableFromInline let taking: @Sendable (MainHop) -> Void
  @usableFromInline let releasing: @Sendable (MainHop) -> Void
  @usableFromInline let delivering: @MainActor @Sendable (MainHop) -> Void
  /// An emptied buffer of values, kept for the next turn.
  @MainActor @usableFromInline var spareValues = ContiguousArray<NumberedValue<Element>>()
  /// Whether the handler is running (see ``deliverTakenValues()``).
  @MainActor @usableFromInline var isHandling = false

  /// Set once the subscription is disposed.
  @inlinable
  var isDisposed: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self)) }
  /// The number the next value to arrive takes.
  @inlinable
  var nextNumber: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 1) }
  /// The thread subscribing on the main actor, while it may deliver on the
  /// spot (see ``beginSubscribing(on:)``), or 0.
  @inlinable
  var subscribingThread: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 2) }

  /// Creates a hop to the main actor.
  @inlinable
  init(mode: DeliveryMode, handler: @escaping @MainActor @Sendable (Element) -> Void) {
    self.mode = mode
    self.handler = handler
    state = Lock(MainHopState(mode: mode))
    committing = { hop, kept in hop.commitKept(kept) }
    committingOne = { hop, number, value in hop.commitKept(number: number, value: value) }
    taking = { hop in hop.state.withLock { $0.takeReady() } }
    releasing = { hop in
      var dropped = ContiguousArray<NumberedValue<Element>>()
      hop.state.withLock { swap(&dropped, &$0.dropped) }
      withExtendedLifetime(dropped) {}
    }
    delivering = { hop in hop.deliverTakenValues() }
    super.init()
  }

  @usableFromInline
  override func commit(_ kept: UnsafeBufferPointer<KeptEntry>) -> Bool {
    committing(self, kept)
  }

  @usableFromInline
  override func commit(number: Int, value: UnsafeMutableRawPointer) -> Bool {
    committingOne(self, number, value)
  }

  @usableFromInline
  override var deliversOncePerTurn: Bool {
    mode == .latestValue
  }

  @usableFromInline
  override func takeReady() {
    taking(self)
  }

  @MainActor
  @usableFromInline
  override func deliverTaken() {
    delivering(self)
  }

  @usableFromInline
  override func finishLate() -> Bool {
    let list = state.withLock { state -> Bool in
      state.lateActionEnded()
      return state.mustList()
    }
    return list && !isDisposed.load(ordering: .relaxed)
  }

  @usableFromInline
  override func releaseDropped() {
    releasing(self)
  }

  /// Values that arrive on `thread` until ``endSubscribing()`` are delivered
  /// at once, if nothing is waiting ahead of them: for a caller already on
  /// the main actor, so that a replayed current value is there when
  /// `subscribe` returns.
  @inlinable
  func beginSubscribing(on thread: UInt) {
    state.withLock { $0.subscribingThread = thread }
    subscribingThread.store(Int(bitPattern: thread), ordering: .relaxed)
  }

  @inlinable
  func endSubscribing() {
    subscribingThread.store(0, ordering: .relaxed)
    state.withLock { $0.subscribingThread = 0 }
  }

  /// Takes a value from the thread that delivers it: kept in the thread's
  /// frame during an action, delivered on the spot to a caller subscribing
  /// on the main actor if nothing waits ahead of it, made ready otherwise.
  @inlinable
  func receive(_ element: Element) {
    guard !isDisposed.load(ordering: .relaxed) else { return }
    let number = takeNumber()
    if ActionDepth.isInsideAction && !isSubscribingOnThisThread {
      ThreadFrame.current._withUnsafeGuaranteedRef { frame in
        frame.keep(element, number: number, for: self, replacing: mode == .latestValue)
      }
    } else {
      receiveOutsideAFrame(NumberedValue(element, number: number))
    }
  }

  /// Whether the calling thread is subscribing this hop on the main actor.
  @inlinable
  var isSubscribingOnThisThread: Bool {
    let thread = subscribingThread.load(ordering: .relaxed)
    return thread != 0 && UInt(bitPattern: thread) == currentThreadID()
  }

  /// The next value's number.
  ///
  /// Values of one source reach the hop one at a time, in order, each call
  /// after the last (the source's delivery role orders them), so a load and
  /// a store number them. In every-value mode, where a number skipped or
  /// taken twice would stop delivery, a source that calls from several
  /// threads at once (a merge) still numbers each value once: an atomic
  /// increment.
  @inlinable
  @inline(__always)
  func takeNumber() -> Int {
    if mode == .everyValue { return nextNumber.add(1, ordering: .relaxed) }
    let number = nextNumber.load(ordering: .relaxed)
    nextNumber.store(number + 1, ordering: .relaxed)
    return number
  }

  /// A value that arrives outside any action, or while a thread subscribes
  /// on the main actor.
  @usableFromInline
  func receiveOutsideAFrame(_ value: NumberedValue<Element>) {
    let thread = currentThreadID()
    // While a view subscribes: a value from a state last written in an
    // action still in progress waits for its end (State/StateStamp.swift).
    let taint = isSubscribingOnThisThread ? StateStamp.taintSoFar : []
    var dropped: NumberedValue<Element>?
    var toJoin: [ActionStamp] = []
    let outcome = state.withLock { state -> ReceiveOutcome in
      if !taint.isEmpty {
        toJoin = state.keepLate(value, until: taint)
        return .late
      }
      if state.subscribingThread == thread, state.mayDeliverAtOnce(value.number) {
        state.deliveredAtOnce(value.number)
        return .now
      }
      dropped = state.makeReady(value)
      return state.mustList() ? .readyToList : .ready
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime(dropped) {}
    switch outcome {
    case .now:
      // Only a caller on the main queue, and so on the main actor,
      // subscribes on the spot.
      MainActor.assumeIsolated {
        guard !isDisposed.load(ordering: .acquiring) else { return }
        handler(value.value)
      }
    case .ready: break
    case .readyToList: MainActorOutbox.list(self)
    case .late:
      for stamp in toJoin {
        let joined = stamp.frame._withUnsafeGuaranteedRef {
          $0.joinLate(self, action: stamp.action)
        }
        guard !joined else { continue }
        let list = finishLate()
        releaseDropped()
        if list { MainActorOutbox.list(self) }
      }
    }
  }

  /// Delivers `value` on the spot: the state as of the last finished
  /// action, to a view that subscribes while an action is in progress.
  @MainActor
  @usableFromInline
  func deliverNow(_ value: Element) {
    guard !isDisposed.load(ordering: .acquiring) else { return }
    handler(value)
  }

  /// Stops delivery; values still on their way are dropped.
  ///
  /// Called once, by the subscription's disposable.
  @usableFromInline
  func dispose() {
    isDisposed.store(true, ordering: .releasing)
    let dropped = state.withLock { state in
      defer {
        state.ready = []
        state.readyLatest = nil
      }
      defer {
        state.late = []
        state.dropped = []
      }
      return (state.ready, state.readyLatest, state.late, state.dropped)
    }
    withExtendedLifetime(dropped) {}
  }
}

/// What a ``MainHop`` did with a value that arrived outside a frame.
@usableFromInline
enum ReceiveOutcome: Sendable {
  /// Delivered it on the spot, to a caller subscribing on the main actor.
  case now
  /// Made it ready for the main actor; the hop was listed already.
  case ready
  /// Made it ready; the hop must be listed for the next turn.
  case readyToList
  /// Kept it until the actions in progress that wrote its state end.
  case late
}

/// Carries values from the threads that deliver them to the main actor, one
/// frame at a time (guarantee 10).
///
/// A value that arrives during a delivery that keeps a frame (a main-actor
/// view exists, and the thread is inside an action) is kept for its thread
/// until that action ends: then the frame is committed, and the main
/// actor's next turn delivers it with everything else the action changed
/// (MainActorOutbox.swift). A value that arrives outside any action (a
/// replay to a new subscriber) is ready at once. So a handler sees a value
/// only once the action that set it has finished.
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
final class MainHop<Element: Sendable>: FrameMember, Sendable {
  /// The storage of ``isDisposed``: the first stored property (see
  /// ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWord = AtomicStorage(0)
  @usableFromInline let state: Lock<MainHopState<Element>>
  @usableFromInline let mode: DeliveryMode
  /// The handler, run on the main actor.
  @usableFromInline let handler: @MainActor @Sendable (Element) -> Void
  /// ``commitKept(from:)`` and ``takeReadyValues()``, specialized for
  /// `Element` where the hop was made: the ``FrameMember`` witnesses are
  /// generic code, which would look up the metadata of every generic type
  /// they touch on each call.
  @usableFromInline let committing: @Sendable (MainHop, UInt) -> Bool
  @usableFromInline let taking: @Sendable (MainHop) -> (@MainActor () -> Void)?

  /// Set once the subscription is disposed.
  @inlinable
  var isDisposed: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self)) }
  /// Creates a hop to the main actor; subjects keep frames (see
  /// KeptFrames.swift) until it is disposed.
  @inlinable
  init(mode: DeliveryMode, handler: @escaping @MainActor @Sendable (Element) -> Void) {
    self.mode = mode
    self.handler = handler
    state = Lock(MainHopState(mode: mode))
    committing = { hop, thread in hop.commitKept(from: thread) }
    taking = { hop in hop.takeReadyValues() }
    KeptFrames.viewAppeared()
  }

  /// Values that arrive on `thread` until ``endSubscribing()`` are delivered
  /// at once, if nothing is waiting ahead of them: for a caller already on
  /// the main actor, so that a replayed current value is there when
  /// `subscribe` returns.
  @inlinable
  func beginSubscribing(on thread: UInt) {
    state.withLock { $0.subscribingThread = thread }
  }

  @inlinable
  func endSubscribing() {
    state.withLock { $0.subscribingThread = 0 }
  }

  /// Takes a value from the thread that delivers it: delivered on the spot
  /// to a caller subscribing on the main actor if nothing waits ahead of
  /// it, kept for the thread's frame if one is open, made ready otherwise.
  @inlinable
  func receive(_ element: Element) {
    guard !isDisposed.load(ordering: .relaxed) else { return }
    let thread = currentThreadID()
    ThreadFrame.current._withUnsafeGuaranteedRef { frame in
      let inFrame = frame.isOpen
      var dropped: NumberedValue<Element>?
      let outcome = state.withLock { state -> ReceiveOutcome in
        let value = NumberedValue(element, number: state.number())
        if state.subscribingThread == thread, state.isEmpty {
          state.nextToDeliver = value.number + 1
          return .now
        }
        guard inFrame else {
          dropped = state.makeReady(value)
          return state.mustList() ? .readyToList : .ready
        }
        let (replaced, joins) = state.keep(value, for: thread)
        dropped = replaced
        return joins ? .joined : .kept
      }
      // Outside the lock: dropping a value may run its deinit.
      withExtendedLifetime(dropped) {}
      switch outcome {
      case .now:
        // Only a caller on the main queue, and so on the main actor,
        // subscribes on the spot.
        MainActor.assumeIsolated {
          guard !isDisposed.load(ordering: .acquiring) else { return }
          handler(element)
        }
      case .joined: frame.add(self)
      case .kept, .ready: break
      case .readyToList: MainActorOutbox.list(self)
      }
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
        state.readyLatest = nil
      }
      return (state.kept, state.ready, state.readyLatest)
    }
    withExtendedLifetime(dropped) {}
    KeptFrames.viewDisappeared()
  }
}

/// What a ``MainHop`` did with a value it received.
@usableFromInline
enum ReceiveOutcome: Sendable {
  /// Delivered it on the spot, to a caller subscribing on the main actor.
  case now
  /// Kept it for this thread's frame, which the hop joined.
  case joined
  /// Kept it for this thread's frame, which the hop had joined already.
  case kept
  /// Made it ready for the main actor (no frame was open); the hop was
  /// listed already.
  case ready
  /// Made it ready; the hop must be listed for the next turn.
  case readyToList
}

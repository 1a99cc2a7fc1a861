// A MainHop's side of a frame: values taken under its lock, the commit of
// what a thread's frame kept, and the main actor's turn (MainActorOutbox).

extension MainHop {
  /// Takes a value under the lock: delivered on the spot to a caller
  /// subscribing on the main actor if nothing waits ahead of it, made ready
  /// if no frame is open, or kept for the frame when every lane is taken.
  @inlinable
  func receiveUnderLock(
    _ value: NumberedValue<Element>, on thread: UInt, inFrame: Bool, frame: ThreadFrame
  ) {
    var dropped: NumberedValue<Element>?
    let outcome = state.withLock { state -> ReceiveOutcome in
      if state.subscribingThread == thread, state.isEmpty, !anyLaneHeld {
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
      // Only a caller on the main queue, and so on the main actor, subscribes
      // on the spot.
      MainActor.assumeIsolated {
        guard !isDisposed.load(ordering: .acquiring) else { return }
        handler(value.value)
      }
    case .joined: frame.add(self)
    case .kept, .ready: break
    case .readyToList: MainActorOutbox.list(self)
    }
  }

  @usableFromInline
  func commit(from thread: UInt) -> Bool {
    committing(self, thread)
  }

  @usableFromInline
  func takeReady() -> (@MainActor () -> Void)? {
    taking(self)
  }

  /// Makes what `thread`'s frame gave the hop ready; whether the hop must
  /// now be listed.
  @inlinable
  func commitKept(from thread: UInt) -> Bool {
    let lane = lane(heldBy: thread)
    // The lane's lock, then the hop's: the lane's owner is the only thread
    // that takes both, in that order.
    let (dropped, droppedFromLane, list) =
      lane < 0
      ? state.withLock { state in (state.commit(from: thread), nil, state.mustList()) }
      : laneValues[lane].withLock { kept in
        state.withLock { state in
          let droppedFromLane = state.makeReady(&kept.latest, &kept.values)
          return (state.commit(from: thread), droppedFromLane, state.mustList())
        }
      }
    if lane >= 0 { releaseLane(lane) }
    withExtendedLifetime((dropped, droppedFromLane)) {}
    return list
  }

  /// Takes what is ready, as the delivery to run on the main actor.
  @inlinable
  func takeReadyValues() -> (@MainActor () -> Void)? {
    let values = state.withLock { $0.takeReady() }
    guard !values.isEmpty else { return nil }
    return { self.deliver(values) }
  }

  /// Calls the handler with `values`, in order, stopping if disposed.
  @MainActor
  @inlinable
  func deliver(_ values: ContiguousArray<NumberedValue<Element>>) {
    for numbered in values {
      guard !isDisposed.load(ordering: .acquiring) else { return }
      handler(numbered.value)
    }
  }
}

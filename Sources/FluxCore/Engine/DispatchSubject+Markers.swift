// The engine of `waitUntilDelivered`: a marker queued behind the work in
// hand, reached by the delivering thread once everything ahead of it has been
// delivered. Nothing polls, and the wait covers only what was dispatched
// before it, so it ends under a continuous flood too.

extension DispatchSubject {
  /// Queues `marker` behind the work in hand, unless nobody holds the role:
  /// then every event dispatched before this call has been delivered
  /// already.
  ///
  /// - Returns: Whether the marker was queued.
  /// - Parameters:
  ///   - marker: What to queue.
  ///   - refusingTheHolder: Whether to stop the program if the calling
  ///     thread holds the role, for a wait that would block the very thread
  ///     that must reach the marker.
  @usableFromInline
  func queueMarker(_ marker: DeliveryMarker, refusingTheHolder: Bool) -> Bool {
    lock.withLock(guarding: typedState) { _, state in
      while true {
        // Acquiring: when the subject is idle, what its last holder delivered
        // happened before this returns.
        let word = core.delivery.load(ordering: .acquiring)
        guard word & DeliveryState.delivering != 0 else {
          // Idle, but events may be held at a closed gate.
          if state.closedGates > 0 {
            state.parkedMarkers.append(marker)
            return true
          }
          // Or the last delivery may have ended inside an action still in
          // progress, whose frame is not on its way to the screen yet.
          return waitForTheEnclosingAction(marker, state: &state)
        }
        if refusingTheHolder && DeliveryState.isHeldByCurrentThread(word) {
          trapWaitInsideDelivery()
        }
        if core.delivery.compareExchange(
          expected: word, desired: word | DeliveryState.pending, ordering: .relaxed
        ) {
          state.enqueue(marker)
          return true
        }
      }
    }
  }
}

/// Stops the program: a thread that delivers a subject's events asked to
/// wait, blocking, until they are delivered, which only it can do.
func trapWaitInsideDelivery() -> Never {
  preconditionFailure(
    """
    waitUntilDelivered(timeout:) was called from inside a delivery of the same \
    subject, on the thread that delivers it: it would wait for itself and never \
    return. Wait from outside the handler, or from a task with the async \
    waitUntilDelivered().
    """)
}

extension DispatchSubject {
  /// Queues `marker` to be reached when the action that the subject's last
  /// events were delivered in ends, if it has not yet.
  ///
  /// That is an action that delivered to this subject inside a larger one,
  /// or (a Variable) wrote its latest value. Returns whether it did.
  ///
  /// Called with the lock held, the subject idle. Never for an action of
  /// the calling thread's own, which cannot end while it waits.
  @usableFromInline
  func waitForTheEnclosingAction(
    _ marker: DeliveryMarker, state: inout TypedSubjectState<Element>
  ) -> Bool {
    if let noted = state.enclosingAction {
      if ThreadFrame.wake(marker, atTheEndOfAnotherThreads: noted) { return true }
      // Ended: forget it. (Not the caller's own, still in progress: a
      // waiter on another thread must still wait for it.)
      if !ThreadFrame.isOwn(noted) { state.enclosingAction = nil }
    }
    guard let written = state.stamp else { return false }
    return ThreadFrame.wake(marker, atTheEndOfAnotherThreads: written)
  }
}

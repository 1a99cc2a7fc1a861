extension DispatchSubject {
  /// The delivery budget of a subject created with ``init()``: 32 events.
  ///
  /// With handlers of a few microseconds, a caller that delivers returns
  /// within about a hundred microseconds of its own events, however hard
  /// other threads flood the subject.
  public static var defaultDeliveryBudget: Int { 32 }

  /// How many events that other threads queued a `dispatch` call that
  /// delivers may deliver once its own are done, before it hands the rest
  /// over to a Dispatch queue.
  ///
  /// See ``init(deliveryBudget:)``.
  public var deliveryBudget: Int {
    core.deliveryBudget
  }

  /// The number of events waiting to be delivered now, for tests and
  /// diagnostics.
  ///
  /// Events wait when they are dispatched while another call delivers.
  /// Subscriptions made during a delivery wait in the same queue and are
  /// counted too. A count that keeps growing means the subject's handlers
  /// take longer than its events take to arrive: see the Overload section of
  /// the Guarantees article.
  public var queuedCount: Int {
    lock.withLock(guarding: typedState) { _, state in state.pending.count }
  }

  /// The largest ``queuedCount`` since the subject was created or since
  /// ``resetPeakQueuedCount()``, for tests and diagnostics.
  public var peakQueuedCount: Int {
    lock.withLock(guarding: typedState) { _, state in state.pending.peakCount }
  }

  /// Starts measuring ``peakQueuedCount`` afresh, from the current
  /// ``queuedCount``.
  public func resetPeakQueuedCount() {
    lock.withLock(guarding: typedState) { _, state in
      state.pending.peakCount = state.pending.count
    }
  }

  /// Whether no event is being delivered or waiting, for tests and
  /// diagnostics.
  ///
  /// Once every `dispatch` call has returned, the subject becomes idle when
  /// the last event has reached every subscriber, on whichever thread
  /// delivered it.
  public var isIdle: Bool {
    core.delivery.load(ordering: .acquiring) & DeliveryState.delivering == 0
      && lock.withLock(guarding: typedState) { _, state in state.closedGates == 0 }
  }
}

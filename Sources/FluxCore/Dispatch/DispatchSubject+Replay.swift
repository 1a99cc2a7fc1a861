// The engine of `Variable`: a subject that remembers the latest value and
// replays it to new subscriptions. Publishing goes through the lock, so values
// are delivered in exactly the order they were stored.

extension DispatchSubject {
  /// The latest published value and the number of writes so far.
  var latestWithWriteCount: (value: Element?, writes: Int) {
    state.withLock { ($0.latest, $0.writes) }
  }

  /// Stores `value` as the latest and delivers it to every subscriber.
  ///
  /// - Parameter expectedWrites: If given, publish only if no other write has
  ///   happened since the caller read this write count.
  /// - Returns: Whether `value` was published.
  @discardableResult
  func publish(_ value: Element, ifWriteCountIs expectedWrites: Int? = nil) -> Bool {
    let (published, owned, replaced, stale) = state.withLock { state in
      if let expectedWrites, state.writes != expectedWrites {
        return (false, false, Element?.none, Unmanaged<SubscriberSnapshot<Element>>?.none)
      }
      let replaced = state.latest
      state.latest = value
      state.writes += 1
      let (owned, stale) = takeRoleOrQueue(.event(value), in: &state, refreshing: true)
      return (true, owned, replaced, stale)
    }
    // Outside the lock: these releases may run deinit code.
    stale?.release()
    withExtendedLifetime(replaced) {}
    if owned {
      deliverToSnapshot(value)
      finishDelivering()
    }
    return published
  }
}

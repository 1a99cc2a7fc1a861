// The engine of `Variable`: a subject that remembers the latest value and
// replays it to new subscriptions. Publishing goes through the lock, so values
// are delivered in exactly the order they were stored.

extension DispatchSubject {
  /// The latest published value and the number of writes so far.
  @inlinable
  var latestWithWriteCount: (value: Element?, writes: Int) {
    registry.withLock(guarding: values) { _, values in (values.latest, values.writes) }
  }

  /// Stores `value` as the latest and delivers it to every subscriber.
  ///
  /// - Parameters:
  ///   - value: The value to publish.
  ///   - expectedWrites: If given, publish only if no other write has
  ///     happened since the caller read this write count.
  /// - Returns: Whether `value` was published.
  @inlinable
  @discardableResult
  func publish(_ value: Element, ifWriteCountIs expectedWrites: Int? = nil) -> Bool {
    let (published, owned, replaced, stale) = registry.withLock(guarding: values) {
      registry, values in
      if let expectedWrites, values.writes != expectedWrites {
        return (false, false, Element?.none, StaleSnapshot.none)
      }
      let replaced = values.latest
      values.latest = value
      values.writes += 1
      let (owned, stale) = takeRoleOrQueue(
        .event(value), registry: &registry, values: &values, refreshing: true)
      return (true, owned, replaced, stale)
    }
    // Outside the lock: these releases may run deinit code.
    stale?.release()
    withExtendedLifetime(replaced) {}
    if owned {
      core.deliverToSnapshot(value)
      finishDelivering()
    }
    return published
  }
}

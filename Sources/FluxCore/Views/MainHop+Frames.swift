// A MainHop's side of a frame: the commit of what a thread's frame kept, and
// the main actor's turn (MainActorOutbox).

extension MainHop {

  /// Takes the value numbered `number` at `value`, the one value a frame
  /// kept, and makes it ready; whether the hop must now be listed.
  @inlinable
  func commitKept(number: Int, value: UnsafeMutableRawPointer) -> Bool {
    let numbered = NumberedValue(value.assumingMemoryBound(to: Element.self).move(), number: number)
    var dropped: NumberedValue<Element>?
    let list = state.withLock { state -> Bool in
      dropped = state.makeReady(numbered)
      return state.mustList()
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime(dropped) {}
    return list
  }

  /// Takes this hop's values among `kept` (what a frame kept, in order) and
  /// makes them ready; whether the hop must now be listed.
  @inlinable
  func commitKept(_ kept: UnsafeBufferPointer<KeptEntry>) -> Bool {
    let me = Unmanaged<FrameMember>.passUnretained(self).toOpaque()
    // What it replaces or refuses waits in `dropped` for releaseDropped(),
    // after every lock: the caller may hold the outbox's.
    return state.withLock { state -> Bool in
      for index in kept.indices where kept[index].member.toOpaque() == me {
        let value = NumberedValue(
          kept[index].value.assumingMemoryBound(to: Element.self).move(),
          number: kept[index].number)
        if let refused = state.makeReady(value) { state.dropped.append(refused) }
      }
      return state.mustList()
    }
  }

  /// Calls the handler with what the turn took, in order, stopping if
  /// disposed.
  ///
  /// Never inside the handler's own call: a pass that a handler's action
  /// makes (at once, or a nested run loop's turn) leaves what it took for
  /// this hop to the call in progress, which delivers it when the handler
  /// returns, in order.
  @MainActor
  @inlinable
  func deliverTakenValues() {
    guard !isHandling else { return }
    isHandling = true
    defer { isHandling = false }
    var values = ContiguousArray<NumberedValue<Element>>()
    swap(&values, &spareValues)
    while true {
      let latest = state.withLock { state in
        swap(&values, &state.taken)
        return state.takenLatest.take()
      }
      guard latest != nil || !values.isEmpty else { break }
      if let latest, !isDisposed.load(ordering: .acquiring) { handler(latest.value) }
      for numbered in values {
        guard !isDisposed.load(ordering: .acquiring) else { break }
        handler(numbered.value)
      }
      values.removeAll(keepingCapacity: true)
    }
    swap(&values, &spareValues)
  }
}

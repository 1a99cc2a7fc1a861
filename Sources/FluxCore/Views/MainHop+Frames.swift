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
    var dropped: NumberedValue<Element>?
    var moreDropped: [NumberedValue<Element>] = []
    let me = Unmanaged<FrameMember>.passUnretained(self).toOpaque()
    let list = state.withLock { state -> Bool in
      for index in kept.indices where kept[index].member.toOpaque() == me {
        let value = NumberedValue(
          kept[index].value.assumingMemoryBound(to: Element.self).move(),
          number: kept[index].number)
        if let refused = state.makeReady(value) {
          if dropped == nil { dropped = refused } else { moreDropped.append(refused) }
        }
      }
      return state.mustList()
    }
    // Outside the lock: dropping a value may run its deinit.
    withExtendedLifetime((dropped, moreDropped)) {}
    return list
  }

  /// Calls the handler with what the turn took, in order, stopping if
  /// disposed.
  @MainActor
  @inlinable
  func deliverTakenValues() {
    var values = ContiguousArray<NumberedValue<Element>>()
    swap(&values, &spareValues)
    let latest = state.withLock { state in
      swap(&values, &state.taken)
      return state.takenLatest.take()
    }
    if let latest, !isDisposed.load(ordering: .acquiring) { handler(latest.value) }
    for numbered in values {
      guard !isDisposed.load(ordering: .acquiring) else { break }
      handler(numbered.value)
    }
    values.removeAll(keepingCapacity: true)
    swap(&values, &spareValues)
  }
}

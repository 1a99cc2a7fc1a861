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

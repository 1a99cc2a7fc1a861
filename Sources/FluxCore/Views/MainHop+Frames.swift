// A MainHop's side of a frame: the commit of what a thread's frame kept, and
// the main actor's turn (MainActorOutbox).

extension MainHop {
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
    let (dropped, list) = state.withLock { state in
      (state.commit(from: thread), state.mustList())
    }
    withExtendedLifetime(dropped) {}
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

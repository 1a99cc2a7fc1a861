/// A value and its place in the order values reached a ``MainHop``.
@usableFromInline
struct NumberedValue<Element: Sendable>: Sendable {
  @usableFromInline let value: Element
  @usableFromInline let number: Int

  @inlinable
  init(_ value: Element, number: Int) {
    self.value = value
    self.number = number
  }
}

/// What one thread's frames give a ``MainHop``: kept, emptied, between
/// frames, so that the thread's next frame allocates nothing.
@usableFromInline
struct KeptValues<Element: Sendable>: Sendable {
  @usableFromInline let thread: UInt
  /// Whether the thread's open frame has the hop as a member.
  @usableFromInline var isInFrame = false
  /// The newest value (latest-value mode).
  @usableFromInline var latest: NumberedValue<Element>?
  /// Every value, in order (every-value mode).
  @usableFromInline var values: ContiguousArray<NumberedValue<Element>> = []

  @inlinable
  init(thread: UInt) {
    self.thread = thread
  }

  @inlinable
  var isEmpty: Bool { latest == nil && values.isEmpty }
}

/// The state of a ``MainHop``, under its lock: values kept for the frames of
/// unfinished actions, by thread, and values ready for the main actor.
///
/// The pure bookkeeping of the hop, in one place: which value goes ahead of
/// which, and which an older commit may not replace.
@usableFromInline
struct MainHopState<Element: Sendable>: Sendable {
  @usableFromInline let mode: DeliveryMode
  @usableFromInline var nextNumber = 1
  /// Values kept for the frames of unfinished actions, by thread.
  @usableFromInline var kept: [KeptValues<Element>] = []
  /// The newest value ready (latest-value mode).
  @usableFromInline var readyLatest: NumberedValue<Element>?
  /// The values ready, in number order (every-value mode).
  @usableFromInline var ready: ContiguousArray<NumberedValue<Element>> = []
  /// The next number to deliver (every value), or one past the newest made
  /// ready (latest value).
  @usableFromInline var nextToDeliver = 1
  /// Whether the outbox lists the hop for its next turn.
  @usableFromInline var isListed = false
  /// The thread subscribing, while it may deliver on the spot.
  @usableFromInline var subscribingThread: UInt = 0

  @inlinable
  init(mode: DeliveryMode) {
    self.mode = mode
  }

  /// Whether nothing is kept or ready, so that a value goes ahead of
  /// nothing.
  @inlinable
  var isEmpty: Bool {
    readyLatest == nil && ready.isEmpty && kept.allSatisfy(\.isEmpty)
  }

  /// The next number, for a value that has just reached the hop.
  @inlinable
  mutating func number() -> Int {
    defer { nextNumber += 1 }
    return nextNumber
  }

  /// Where `thread`'s kept values are, adding a place for them if needed.
  @inlinable
  mutating func keptIndex(for thread: UInt) -> Int {
    if let first = kept.first, first.thread == thread { return 0 }
    if let index = kept.firstIndex(where: { $0.thread == thread }) { return index }
    kept.append(KeptValues(thread: thread))
    return kept.count - 1
  }

  /// Keeps `value` for the frame of `thread`; returns a value it replaced,
  /// to be dropped outside the lock, and whether the hop joins the frame.
  @inlinable
  mutating func keep(_ value: NumberedValue<Element>, for thread: UInt) -> (
    replaced: NumberedValue<Element>?, joins: Bool
  ) {
    let index = keptIndex(for: thread)
    var replaced: NumberedValue<Element>?
    switch mode {
    case .latestValue:
      replaced = kept[index].latest.take()
      kept[index].latest = value
    case .everyValue: kept[index].values.append(value)
    }
    defer { kept[index].isInFrame = true }
    return (replaced, !kept[index].isInFrame)
  }

  /// Makes `value` ready for the main actor.
  ///
  /// In latest-value mode only if it is newer than what was made ready
  /// before. Returns a value it replaced
  /// or refused, to be dropped outside the lock.
  @inlinable
  mutating func makeReady(_ value: NumberedValue<Element>) -> NumberedValue<Element>? {
    switch mode {
    case .latestValue:
      guard value.number >= nextToDeliver else { return value }
      nextToDeliver = value.number + 1
      defer { readyLatest = value }
      return readyLatest
    case .everyValue:
      // Another thread's frame, committed first, may have made later values
      // ready: keep number order.
      if let last = ready.last, last.number > value.number {
        ready.insert(value, at: ready.firstIndex { $0.number > value.number }!)
      } else {
        ready.append(value)
      }
      return nil
    }
  }

  /// Makes what `thread`'s frame kept here ready; returns a value replaced
  /// or refused, to be dropped outside the lock.
  @inlinable
  mutating func commit(from thread: UInt) -> NumberedValue<Element>? {
    guard !kept.isEmpty else { return nil }
    let index = kept[0].thread == thread ? 0 : kept.firstIndex { $0.thread == thread }
    guard let index else { return nil }
    kept[index].isInFrame = false
    if let latest = kept[index].latest.take() { return makeReady(latest) }
    // Moved out and back, not copied: the buffers are reused.
    var latest: NumberedValue<Element>?
    var values = ContiguousArray<NumberedValue<Element>>()
    swap(&values, &kept[index].values)
    let dropped = makeReady(&latest, &values)
    swap(&values, &kept[index].values)
    return dropped
  }

  /// Makes `latest` or `values` (what a frame kept, in order) ready, and
  /// empties them; returns a value replaced or refused, to be dropped
  /// outside the lock.
  @inlinable
  mutating func makeReady(
    _ latest: inout NumberedValue<Element>?, _ values: inout ContiguousArray<NumberedValue<Element>>
  ) -> NumberedValue<Element>? {
    if let newest = latest.take() { return makeReady(newest) }
    guard !values.isEmpty else { return nil }
    if ready.isEmpty, values.first!.number >= nextToDeliver {
      swap(&ready, &values)
      return nil
    }
    for value in values { _ = makeReady(value) }
    values.removeAll(keepingCapacity: true)
    return nil
  }

  /// Whether the hop has something ready and is not listed; marks it
  /// listed.
  @inlinable
  mutating func mustList() -> Bool {
    guard !isListed, readyLatest != nil || !ready.isEmpty else { return false }
    isListed = true
    return true
  }

  /// Takes what may be delivered now, and notes the hop is no longer
  /// listed: the newest value, or every value in order up to one still
  /// kept for an unfinished action.
  @inlinable
  mutating func takeReady() -> ContiguousArray<NumberedValue<Element>> {
    isListed = false
    if let latest = readyLatest.take() { return [latest] }
    var end = 0
    while end < ready.count, ready[end].number == nextToDeliver {
      nextToDeliver += 1
      end += 1
    }
    guard end > 0 else { return [] }
    if end == ready.count {
      defer { ready.removeAll(keepingCapacity: true) }
      return ready
    }
    defer { ready.removeFirst(end) }
    return ContiguousArray(ready[..<end])
  }
}

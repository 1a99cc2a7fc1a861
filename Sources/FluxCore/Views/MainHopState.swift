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

/// The state of a ``MainHop``, under its lock: the values ready for the
/// main actor. (Values kept for unfinished actions are in their threads'
/// frames.)
///
/// The pure bookkeeping of the hop, in one place: which value goes ahead of
/// which, and which an older commit may not replace.
@usableFromInline
struct MainHopState<Element: Sendable>: Sendable {
  @usableFromInline let mode: DeliveryMode
  /// The newest value ready (latest-value mode).
  @usableFromInline var readyLatest: NumberedValue<Element>?
  /// The values ready, in number order (every-value mode).
  @usableFromInline var ready: ContiguousArray<NumberedValue<Element>> = []
  /// The next number to deliver (every value), or one past the newest made
  /// ready (latest value).
  @usableFromInline var nextToDeliver = 1
  /// What a turn has taken and is about to deliver, on the main actor.
  @usableFromInline var takenLatest: NumberedValue<Element>?
  @usableFromInline var taken: ContiguousArray<NumberedValue<Element>> = []
  /// Whether the outbox lists the hop for its next turn.
  @usableFromInline var isListed = false
  /// The thread subscribing, while it may deliver on the spot.
  @usableFromInline var subscribingThread: UInt = 0
  /// What the hop got while its view subscribed, from states last written
  /// in actions still in progress, in order; those actions, and how many
  /// of them have yet to end (State/StateStamp.swift).
  @usableFromInline var late: ContiguousArray<NumberedValue<Element>> = []
  @usableFromInline var lateStamps: [ActionStamp] = []
  @usableFromInline var lateActions = 0
  /// Values a commit replaced or refused, released after the locks.
  @usableFromInline var dropped: ContiguousArray<NumberedValue<Element>> = []

  @inlinable
  init(mode: DeliveryMode) {
    self.mode = mode
  }

  /// Whether the value numbered `number` goes ahead of nothing, so that it
  /// may be delivered on the spot: every value before it has been
  /// delivered (every-value mode), or nothing is ready and nothing newer
  /// has been (latest-value mode).
  @inlinable
  func mayDeliverAtOnce(_ number: Int) -> Bool {
    switch mode {
    case .everyValue: ready.isEmpty && number == nextToDeliver
    case .latestValue: readyLatest == nil && number >= nextToDeliver
    }
  }

  /// Notes that the value numbered `number` was delivered on the spot.
  @inlinable
  mutating func deliveredAtOnce(_ number: Int) {
    nextToDeliver = number + 1
  }

  /// Makes `value` ready for the main actor.
  ///
  /// In latest-value mode only if it is newer than what was made ready
  /// before. Returns a value it replaced or refused, to be dropped outside
  /// the lock.
  @inlinable
  @inline(__always)
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

  /// Keeps `value` until the actions in `stamps` have ended, with the late
  /// values before it; returns the actions it waits for that earlier ones
  /// did not, for the caller to join.
  @inlinable
  mutating func keepLate(_ value: NumberedValue<Element>, until stamps: [ActionStamp])
    -> [ActionStamp]
  {
    late.append(value)
    let new = stamps.filter { !lateStamps.contains($0) }
    lateStamps += new
    lateActions += new.count
    return new
  }

  /// Notes that one of the actions the late values wait for has ended, and
  /// makes them ready, in order, once they all have.
  @inlinable
  mutating func lateActionEnded() {
    lateActions -= 1
    guard lateActions <= 0, !late.isEmpty else { return }
    lateStamps = []
    for value in late {
      if let refused = makeReady(value) { dropped.append(refused) }
    }
    late.removeAll()
  }

  /// Whether the hop has something ready and is not listed; marks it
  /// listed.
  ///
  /// Either way, what it was given is noted for a lingering turn.
  @inlinable
  @inline(__always)
  mutating func mustList() -> Bool {
    guard !isListed else {
      OutboxActivity.note()
      return false
    }
    guard readyLatest != nil || !ready.isEmpty else { return false }
    isListed = true
    OutboxActivity.note()
    return true
  }

  /// Takes what may be delivered now into `takenLatest` or `taken`, and
  /// notes the hop is no longer listed: the newest value, or every value
  /// in order up to one still kept for an unfinished action.
  @inlinable
  mutating func takeReady() {
    isListed = false
    if let latest = readyLatest.take() {
      takenLatest = latest
      return
    }
    var end = 0
    while end < ready.count, ready[end].number == nextToDeliver {
      nextToDeliver += 1
      end += 1
    }
    guard end > 0 else { return }
    if end == ready.count, taken.isEmpty {
      swap(&taken, &ready)
    } else {
      taken.append(contentsOf: ready[..<end])
      ready.removeFirst(end)
    }
  }
}

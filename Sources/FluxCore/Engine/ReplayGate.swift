// Replaying a Variable's current value to a new subscriber while another
// thread is delivering that variable (guarantee 9, "state is read fresh").
//
// The subscribing thread must not wait for the thread that delivers, and the
// value it gets must be the latest one set, before `subscribe` returns. So it
// delivers the replay itself, at once, and its subscription is activated in
// turn behind the work already queued (it sees no event older than the
// replay). Until the gate opens, the subscriber is *gated*: an event that the
// delivering thread reaches for it is held here instead of calling the
// handler a second time at once.
//
// Once the replay's call has returned, the subscribing thread puts "open the
// gate" in the subject's queue, like any work: the thread that holds the role
// gets to it in turn (the subscribing thread itself, if the subject is idle),
// delivers what was held, in order, and opens the gate. So the handler is
// still called one call at a time, in the subject's order (guarantees 1 and
// 2); nobody waits; the subscribing thread delivers nothing that another
// thread is delivering meanwhile (guarantee 8); and while any gate of a
// subject is closed, `waitUntilDelivered` waits for it too (its markers are
// parked until the gates open: see TypedSubjectState).
//
// Gating is rare (a subscription to a busy variable), so the held events
// live in one table for the whole program, under a lock of its own, rather
// than in every subscriber. The state word leaves `gated` for `open` only
// under that lock, when the gate is opened, or for `disposed`, when the
// subscription is disposed (a plain store: a disposed subscriber is skipped,
// gated or not, and its held events are dropped when its gate opens).

/// The events held at the gates of subscribers that are still replaying.
private let heldAtGates = Lock<[ObjectIdentifier: any AnyObject & Sendable]>([:])

/// The events held for one gated subscriber, in a lock of their own, taken
/// inside the table's.
private final class HeldEvents<Element: Sendable>: Sendable {
  let events = Lock<ContiguousArray<Element>>([])
}

/// Closes `subscriber`'s gate before it is published to the delivering
/// thread (with the subject's lock held).
@usableFromInline
func closeGate(of subscriber: AnySubscriber) {
  stateWord(of: subscriber).store(SubscriberState.gated, ordering: .relaxed)
}

/// Holds `element` while `subscriber`'s gate is closed; drops it if the
/// subscription is disposed.
///
/// On the delivering thread, when the state word was not `open`. A
/// function, not a method: `self` in the context register at its call site
/// would cost every handler call a register shuffle.
@usableFromInline
@inline(never)
func receiveUnlessOpen<Element: Sendable>(_ element: Element, by subscriber: Subscriber<Element>) {
  subscriber.holdAtGate(element)
}

extension Subscriber {
  fileprivate func holdAtGate(_ element: Element) {
    heldAtGates.withLock { table in
      // Only the role holder delivers, and only it opens the gate: the
      // state cannot become `open` meanwhile.
      guard state.load(ordering: .relaxed) == SubscriberState.gated else { return }
      let key = ObjectIdentifier(self)
      let held = (table[key] as? HeldEvents<Element>) ?? HeldEvents()
      held.events.withLock { $0.append(element) }
      table[key] = held
    }
  }

  /// Delivers what was held at the gate, in order, then opens it.
  ///
  /// By the thread that holds the role, when it reaches the subscriber's
  /// "open the gate" in the queue: nobody else delivers meanwhile, so
  /// nothing is added while it delivers.
  @usableFromInline
  func openGate() {
    let key = ObjectIdentifier(self)
    let held = heldAtGates.withLock { table -> ContiguousArray<Element> in
      let removed = table.removeValue(forKey: key) as? HeldEvents<Element>
      let held = removed?.events.withLock { $0 } ?? []
      if held.isEmpty { open() }
      return held
    }
    guard !held.isEmpty else { return }
    for event in held where state.load(ordering: .relaxed) == SubscriberState.gated {
      handler(event)
    }
    open()
  }

  /// `gated` becomes `open`, unless the subscription was disposed.
  ///
  /// Releasing: a later call from another thread, which reads `open`
  /// acquiring, comes after the calls made before it. That thread holds the
  /// role then, and the role's hand-over orders it after this one already
  /// (see `Subscriber.receive`): the pair restates that order, it
  /// does not make it.
  private func open() {
    _ = state.compareExchange(
      expected: SubscriberState.gated, desired: SubscriberState.open, ordering: .releasing)
  }
}

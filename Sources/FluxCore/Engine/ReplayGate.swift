// Replaying a Variable's current value to a new subscriber while another
// thread is delivering that variable (guarantee 9, "state is read fresh").
//
// The subscribing thread must not wait for the thread that delivers, and the
// value it gets must be the latest one set, before `subscribe` returns. So it
// delivers the replay itself, at once, and its subscription is activated in
// turn behind the work already queued (it sees no event older than the
// replay). Until the replay's handler call returns, the subscriber is
// *gated*: an event that the delivering thread reaches for it meanwhile is
// held here instead of calling the handler a second time at once, and the
// subscribing thread delivers the held events, in order, before it opens
// the gate and returns. So the handler is still called one call at a time,
// in the subject's order (guarantees 1 and 2), and nobody waits.
//
// Gating is rare (a subscription to a busy variable), so the held events
// live in one table for the whole program, under a lock of its own, rather
// than in every subscriber. The state word is changed from `gated` only
// under that lock: to `open` by the subscribing thread once nothing is held,
// or to `disposed`, which ends the gate.

/// The events held at the gates of subscribers that are still replaying.
private let heldAtGates = Lock<[ObjectIdentifier: any AnyObject & Sendable]>([:])

/// The events held for one gated subscriber, in the table's lock.
private final class HeldEvents<Element: Sendable>: @unchecked Sendable {
  // Safe: read and written only inside `heldAtGates.withLock`.
  var events: ContiguousArray<Element> = []
}

extension SubscriberBase {
  /// Closes the gate before the subscriber is published to the delivering
  /// thread (with the subject's lock held).
  @usableFromInline
  final func closeGate() {
    state.store(SubscriberState.gated, ordering: .relaxed)
  }
}

/// See ``Subscriber/receiveUnlessOpen(_:)``.
@usableFromInline
@inline(never)
func receiveUnlessOpen<Element: Sendable>(_ element: Element, by subscriber: Subscriber<Element>) {
  subscriber.receiveUnlessOpen(element)
}

extension Subscriber {
  /// Holds `element` while the gate is closed; delivers it if it has just
  /// opened; drops it if the subscription is disposed.
  ///
  /// On the delivering thread, when the state word was not `open`.
  fileprivate func receiveUnlessOpen(_ element: Element) {
    guard state.load(ordering: .relaxed) != SubscriberState.disposed else { return }
    let held = heldAtGates.withLock { table -> Bool in
      guard state.load(ordering: .relaxed) == SubscriberState.gated else { return false }
      let key = ObjectIdentifier(self)
      let events = (table[key] as? HeldEvents<Element>) ?? HeldEvents()
      events.events.append(element)
      table[key] = events
      return true
    }
    // Opened meanwhile (the lock orders this call after the replay's), or
    // disposed.
    if !held, state.load(ordering: .relaxed) == SubscriberState.open {
      handler(element)
    }
  }

  /// Delivers `replay`, then what was held while it ran, then opens the
  /// gate.
  ///
  /// On the subscribing thread, after its subscription was queued behind
  /// the delivering thread's work.
  @usableFromInline
  func replayThroughGate(_ replay: Element) {
    if state.load(ordering: .relaxed) == SubscriberState.gated { handler(replay) }
    let key = ObjectIdentifier(self)
    while true {
      let held = heldAtGates.withLock { table -> ContiguousArray<Element>? in
        if let events = table.removeValue(forKey: key) as? HeldEvents<Element> {
          return events.events
        }
        // Nothing held: open, unless disposed meanwhile. Releasing, so that
        // the delivering thread's next call, which reads `open` acquiring,
        // comes after this thread's calls.
        _ = state.compareExchange(
          expected: SubscriberState.gated, desired: SubscriberState.open, ordering: .releasing)
        return nil
      }
      guard let held else { return }
      for event in held where state.load(ordering: .relaxed) == SubscriberState.gated {
        handler(event)
      }
    }
  }
}

/// The part of a subject that its subscriptions need: the delivery state
/// word, the delivery snapshot and the registry, none of them generic.
///
/// A subject holds its core, and so does every subscription token, so a token
/// can end its subscription whenever it is disposed, even after the subject is
/// gone, without a weak reference (which would slow down every retain of the
/// subject) and without generic code (which an `any Disposable` would run
/// unspecialized). The core holds no reference to the subject, and once the
/// subject is gone it holds no handler either.
@usableFromInline
final class SubjectCore: Sendable {
  /// The storage of the four atomic words below, first among the stored
  /// properties (see ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline let atomicWords = AtomicStorage((0, 0, 0, 0))
  /// The lock around the subscriber registry; its mutex also guards the
  /// subject's typed state (see ``TypedSubjectState``).
  @usableFromInline let lock = Lock(SubscriberRegistry())
  /// How many events that other threads queued a call that delivers may
  /// deliver once its own are done, before it hands the rest over.
  @usableFromInline let deliveryBudget: Int

  /// The delivery state word.
  ///
  /// See DispatchSubject+Delivery.swift.
  @inlinable
  var delivery: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 0) }
  /// The subscribers events are delivered to, holding one strong reference.
  ///
  /// Touched only by the thread that holds the delivery role; `nil` while
  /// the subject has no subscriber.
  @inlinable
  var snapshot: AtomicUnmanaged<SubscriberSnapshot> {
    AtomicUnmanaged(AtomicWord(inStoredPropertiesOf: self, at: 1))
  }
  /// The owner (see ``PendingEntry``) of the work the holder is delivering
  /// now, once it delivers queued work (as an `Int` of its bits); read only
  /// by the holder itself, to tag what its handlers queue.
  @inlinable
  var deliveringOwner: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 2) }
  /// Whether the registry holds the subject's name for ``DispatchLog``.
  @inlinable
  var hasLogLabel: AtomicFlag { AtomicFlag(AtomicWord(inStoredPropertiesOf: self, at: 3)) }

  @usableFromInline
  init(deliveryBudget: Int) {
    self.deliveryBudget = deliveryBudget
  }

  deinit {
    snapshot.load(ordering: .relaxed)?.release()
  }

  /// Takes the delivery role if the subject is idle and its snapshot up to
  /// date: the lock-free start of a dispatch.
  ///
  /// - Parameter role: ``DeliveryState/role(of:)`` the calling thread.
  /// - Returns: Whether the role was taken; if not, take the locked path.
  @inlinable
  @inline(__always)
  func takeRoleIfIdle(as role: Int) -> Bool {
    delivery.compareExchange(expected: 0, desired: role, ordering: .acquiring)
  }

  /// Calls the handlers in the snapshot.
  ///
  /// The caller holds the role.
  @inlinable
  @inline(__always)
  func deliverToSnapshot<Element: Sendable>(_ element: Element) {
    snapshot.load(ordering: .relaxed)?._withUnsafeGuaranteedRef { $0.deliver(element) }
  }

  /// Gives the role back if nothing was queued and no subscription changed
  /// meanwhile: the lock-free end of a dispatch.
  ///
  /// - Parameter role: The role the caller took.
  /// - Returns: Whether the role was given back; if not, the caller still
  ///   holds it and must finish through the locked path.
  @inlinable
  @inline(__always)
  func giveRoleBackIfNothingChanged(_ role: Int) -> Bool {
    delivery.compareExchange(expected: role, desired: 0, ordering: .releasing)
  }

  /// Ends the subscription in `slot` if it still belongs to `id`.
  ///
  /// If the delivery snapshot may hold the subscriber, it is dropped now when
  /// nobody is delivering, so that the handler is released before `dispose`
  /// returns; otherwise the thread that is delivering drops it when it
  /// finishes. Never delivers anything itself.
  @usableFromInline
  func unsubscribe(slot: Int32, id: UInt64) {
    let (removed, dropped) = lock.withLock { registry in
      // Destructure the result rather than copy out of it: no retain.
      guard case (let subscriber?, let mayBeInSnapshot)? = registry.remove(slot: slot, id: id)
      else {
        return (AnySubscriber?.none, SnapshotToRelease.nothing)
      }
      markDisposed(subscriber)
      markSnapshotStale()
      guard mayBeInSnapshot else { return (subscriber, .nothing) }
      let word = delivery.load(ordering: .relaxed)
      guard word & DeliveryState.delivering == 0,
        delivery.compareExchange(
          expected: word, desired: word | DeliveryState.delivering, ordering: .acquiring)
      else { return (subscriber, .nothing) }
      let dropped = dropSnapshot()
      delivery.store(word, ordering: .releasing)
      return (subscriber, dropped)
    }
    // Outside the lock: this may free the handler and run its captures' deinit.
    dropped.release()
    withExtendedLifetime(removed) {}
  }

  /// Removes every subscription and drops the snapshot, for the subject's
  /// deinit, so that the handlers go with the subject even while tokens keep
  /// the core.
  ///
  /// Nobody is delivering: that would need the subject.
  func removeEverything() {
    let (subscribers, dropped) = lock.withLock { registry in
      (registry.removeAll(), dropSnapshot())
    }
    // Outside the lock: these releases may run deinit code.
    dropped.release()
    withExtendedLifetime(subscribers) {}
  }
}

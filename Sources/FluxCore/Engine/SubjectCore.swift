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
final class SubjectCore: @unchecked Sendable {
  // Safe: `atomicWords` is touched only through AtomicWord's atomic
  // operations once `init` returns (it is a `var` because they write it);
  // every other stored property is a `let` of a Sendable type.

  /// The storage of the five atomic words below, first among the stored
  /// properties (see ``AtomicWord/init(inStoredPropertiesOf:at:)``).
  @usableFromInline var atomicWords: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
  /// The lock around the subscriber registry; its mutex also guards the
  /// subject's typed state (see ``TypedSubjectState``).
  @usableFromInline let lock = Lock(SubscriberRegistry())
  /// How many events that other threads queued a call that delivers may
  /// deliver once its own are done, before it hands the rest over.
  @usableFromInline let deliveryBudget: Int
  /// This core's place in ``KeptFrames``' list of every core.
  @usableFromInline let listedAt: Int

  /// The delivery state word.
  ///
  /// See DispatchSubject+Delivery.swift.
  @inlinable
  var delivery: AtomicWord { AtomicWord(inStoredPropertiesOf: self, at: 0) }
  /// The subscribers events are delivered to, holding one strong reference.
  ///
  /// Touched only by the thread that holds the delivery role. `nil` while
  /// frames are kept: the subscribers are then in `framedSnapshot`, so that
  /// a delivery goes through ``deliverKeepingFrame(_:)`` at no cost to the
  /// one that does not.
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
  /// The subscribers, while frames are kept (see ``KeptFrames``).
  ///
  /// `nil` otherwise. Like `snapshot`, it holds one strong reference and is
  /// touched only by the holder of the role.
  @inlinable
  var framedSnapshot: AtomicUnmanaged<SubscriberSnapshot> {
    AtomicUnmanaged(AtomicWord(inStoredPropertiesOf: self, at: 4))
  }

  @usableFromInline
  init(deliveryBudget: Int) {
    self.deliveryBudget = deliveryBudget
    listedAt = KeptFrames.reservePlace()
    KeptFrames.list(self, at: listedAt)
  }

  deinit {
    KeptFrames.unlist(at: listedAt)
    snapshot.load(ordering: .relaxed)?.release()
    framedSnapshot.load(ordering: .relaxed)?.release()
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
    if let snapshot = snapshot.load(ordering: .relaxed) {
      snapshot._withUnsafeGuaranteedRef { $0.deliver(element) }
    } else {
      // No subscriber, or frames are kept: out of line.
      deliverKeepingFrame(element)
    }
  }

  /// Calls the handlers in the framed snapshot, if frames are kept, after
  /// noting the delivery in the calling thread's frame (so that main-actor
  /// views see what it changes once the outermost delivery ends).
  ///
  /// The caller holds the role.
  @inlinable
  @inline(never)
  func deliverKeepingFrame<Element: Sendable>(_ element: Element) {
    guard let snapshot = framedSnapshot.load(ordering: .relaxed) else { return }
    ThreadFrame.enter(self)
    snapshot._withUnsafeGuaranteedRef { $0.deliver(element) }
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

  /// Marks the snapshot stale after a change of the active subscribers.
  ///
  /// Called with the lock held.
  ///
  /// Only a thread holding the lock clears `stale`, so seeing it set here
  /// means it stays set until a refresh that comes after this change; the
  /// read-modify-write is needed only when it is clear.
  @usableFromInline
  @inline(never)
  func markSnapshotStale() {
    if delivery.load(ordering: .relaxed) & DeliveryState.stale == 0 {
      delivery.bitwiseOr(DeliveryState.stale, ordering: .relaxed)
    }
  }

  /// Rebuilds the snapshot from the registry and clears `stale`.
  ///
  /// Called with the lock and the role held.
  ///
  /// - Returns: The replaced snapshot, to be released after the lock.
  @inlinable
  func refreshSnapshot(from registry: inout SubscriberRegistry) -> SnapshotToRelease {
    let fresh = registry.makeSnapshot().map { Unmanaged.passRetained($0) }
    delivery.bitwiseAnd(~DeliveryState.stale, ordering: .relaxed)
    // Read under the lock, which the switch takes too (see KeptFrames).
    let framed = KeptFrames.areKept
    return SnapshotToRelease(
      snapshot.exchange(framed ? nil : fresh, ordering: .relaxed),
      framedSnapshot.exchange(framed ? fresh : nil, ordering: .relaxed))
  }

  /// Drops the snapshot, framed or not.
  ///
  /// Called by the holder of the role, or with the lock held while nobody
  /// delivers.
  ///
  /// - Returns: What it held, to be released after the lock.
  @inlinable
  func dropSnapshot() -> SnapshotToRelease {
    SnapshotToRelease(
      snapshot.exchange(nil, ordering: .relaxed), framedSnapshot.exchange(nil, ordering: .relaxed))
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
        return (SubscriberBase?.none, SnapshotToRelease.nothing)
      }
      subscriber.markDisposed()
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

/// The snapshots taken out of a subject under its lock, with the strong
/// references the subject held: release them once the lock is released,
/// since freeing a snapshot may free handlers and run their captures'
/// `deinit`.
@usableFromInline
struct SnapshotToRelease: Sendable {
  @usableFromInline let reference: Unmanaged<SubscriberSnapshot>?
  @usableFromInline let framed: Unmanaged<SubscriberSnapshot>?

  @inlinable
  init(_ reference: Unmanaged<SubscriberSnapshot>?, _ framed: Unmanaged<SubscriberSnapshot>? = nil)
  {
    self.reference = reference
    self.framed = framed
  }

  /// Nothing to release.
  @inlinable static var nothing: SnapshotToRelease { SnapshotToRelease(nil) }

  /// Gives the references back; call it once, outside the lock.
  @inlinable
  func release() {
    reference?.release()
    framed?.release()
  }
}

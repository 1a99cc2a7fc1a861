/// The element-typed state of a subject, guarded by the subject's lock beside
/// its (untyped) registry: work waiting for delivery, who delivers it, and a
/// ``Variable``'s latest value.
@usableFromInline
struct TypedSubjectState<Element: Sendable>: Sendable {
  @usableFromInline var pending = PendingQueue<Element>()
  /// The thread that holds the delivery role and has said so, or 0.
  ///
  /// A call that takes the role does not say so at once (that would cost
  /// the uncontended path); it does when it takes the lock to deliver queued
  /// work. Cleared when the role is given back or handed over.
  @usableFromInline var holder: UInt = 0
  /// How many entries, from the front of the queue, the holder must deliver
  /// before it may return: through the last one its own call caused.
  ///
  /// Kept up to date while `holder` is set.
  @usableFromInline var owed = 0
  /// The value a replaying subscription starts with: the latest one published
  /// by a ``Variable``.
  ///
  /// Always `nil` for a plain subject.
  @usableFromInline var latest: Element?
  /// The action `latest` was written in, while that may be in progress, and
  /// the value from before it: what a view being made shows meanwhile
  /// (State/StateStamp.swift).
  @usableFromInline var stamp: ActionStamp?
  @usableFromInline var before: Element?
  /// How many values have been published, so that ``Variable/update(_:)`` can
  /// tell whether another write came between its read and its write.
  @usableFromInline var writes = 0
  /// The threads running a ``Variable/update(_:)`` body of this variable now,
  /// so that a write from inside one is trapped instead of looping forever.
  @usableFromInline var updatingThreads: ContiguousArray<UInt> = []
  /// How many subscribers' gates are closed (see ReplayGate.swift).
  @usableFromInline var closedGates = 0
  /// Markers reached, or asked for, while a gate was closed: they wait for
  /// the events held there too, and are reached when the last gate opens.
  @usableFromInline var parkedMarkers: [DeliveryMarker] = []
  /// The action that the last delivery ending inside a larger one belongs
  /// to, while it may be in progress: a wait that finds the subject idle
  /// waits for its end (DispatchSubject+Markers.swift).
  @usableFromInline var enclosingAction: ActionStamp?

  @inlinable
  init(latest: Element?) {
    self.latest = latest
  }

  /// The latest value as of the last finished action that wrote it.
  @inlinable
  var committed: Element? {
    guard let stamp, !stamp.isFinished else { return latest }
    return before ?? latest
  }

  /// Stores `value` as the latest, written in the action `stamp`; returns
  /// the value to drop outside the lock.
  @inlinable
  @inline(__always)
  mutating func store(_ value: Element, stampedWith stamp: ActionStamp) -> Element? {
    defer { latest = value }
    if self.stamp == stamp { return latest }
    self.stamp = stamp
    defer { before = latest }
    return before
  }

  /// Queues `work` for the thread that holds the role.
  ///
  /// Called with the lock held, by a thread that found the role taken.
  @inlinable
  mutating func enqueue(_ work: PendingDelivery<Element>, core: SubjectCore) {
    let thread = currentThreadID()
    // Work queued by the holder from a handler belongs to the call whose work
    // that handler is running for; work from any other thread to its own call.
    let owner =
      thread == holder ? UInt(bitPattern: core.deliveringOwner.load(ordering: .relaxed)) : thread
    pending.append(PendingEntry(work, owner: owner))
    if holder != 0 && owner == holder {
      owed = pending.count
    }
  }

  /// Queues `marker` for the thread that holds the role, owned by nobody:
  /// no call owes it, so none stays to deliver it beyond its own work.
  ///
  /// Called with the lock held, by a thread that found the role taken.
  @inlinable
  mutating func enqueue(_ marker: DeliveryMarker) {
    pending.append(PendingEntry(.marker(marker), owner: 0))
  }
}

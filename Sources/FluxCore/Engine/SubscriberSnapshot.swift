/// An immutable, ordered list of the subscribers an event is delivered to.
///
/// Not generic, like the registry that builds it.
///
/// The subject rebuilds it only when its subscriptions change. Delivering
/// walks a plain buffer and calls each handler through a borrowed reference,
/// with no reference counting per call: the snapshot owns one strong reference
/// to each subscriber (taken in ``make(count:_:)``, given back in `deinit`),
/// and the subject keeps the snapshot alive while it delivers.
///
/// Not `Sendable`, and it needs not be: a snapshot is reached only through
/// its subject's atomic snapshot word (``SubjectCore/snapshot``), as bits,
/// by the thread that holds the role, which also releases it; and it is
/// immutable once ``make(count:_:)`` returns (its elements are written only
/// there, before the word publishes it under the subject's lock or the
/// role's acquire and release).
@usableFromInline
final class SubscriberSnapshot {
  @usableFromInline
  let count: Int

  /// `count` initialized elements, each holding one retain of its subscriber.
  @usableFromInline
  let subscribers: UnsafeMutablePointer<Unmanaged<AnySubscriber>>

  @usableFromInline
  init(count: Int) {
    self.count = count
    subscribers = .allocate(capacity: count)
  }

  /// Creates a snapshot of exactly `count` subscribers, which `fill` appends.
  @inlinable
  static func make(
    count: Int,
    _ fill: ((AnySubscriber) -> Void) -> Void
  ) -> SubscriberSnapshot {
    let snapshot = SubscriberSnapshot(count: count)
    var filled = 0
    fill { subscriber in
      precondition(filled < count, "subscriber snapshot overflow")
      (snapshot.subscribers + filled).initialize(to: .passRetained(subscriber))
      filled += 1
    }
    precondition(filled == count, "subscriber snapshot underflow")
    return snapshot
  }

  /// Calls every subscriber that has not been disposed with `element`, in
  /// subscription order.
  ///
  /// Every subscriber of a subject of `Element` is a `Subscriber<Element>`,
  /// so the downcast cannot fail; it costs nothing in optimized builds.
  @inlinable
  @inline(__always)
  func deliver<Element: Sendable>(_ element: Element) {
    // Pointer bounds rather than a range: no check for a negative count.
    var next = subscribers
    let end = subscribers + count
    while next < end {
      next.pointee._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: Subscriber<Element>.self).receive(element)
      }
      next += 1
    }
  }

  deinit {
    for index in 0..<count {
      subscribers[index].release()
    }
    subscribers.deallocate()
  }
}

/// Explicitly not `Sendable`: a snapshot crosses threads only through the
/// subject's atomic words (acquire and release), never as a value.
@available(*, unavailable)
extension SubscriberSnapshot: Sendable {}

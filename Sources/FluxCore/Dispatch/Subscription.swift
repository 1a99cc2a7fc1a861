/// The disposable that ``DispatchSubject/subscribe(_:)`` returns.
///
/// A small value naming a registry slot and the subscription's unique
/// identifier, with a strong reference to the subject's ``SubjectAnchor``,
/// which holds the subject weakly. So a token keeps neither the subject nor
/// the handler alive, and disposing it after the subject is gone does nothing.
/// Disposing it twice does nothing either: the second call finds the
/// identifier no longer in the slot.
///
/// It holds no weak reference itself, because a value with one cannot be
/// moved bit by bit and an `any Disposable` would then box it on the heap; as
/// it is, it fits an existential's inline buffer and returning it allocates
/// nothing.
@usableFromInline
struct Subscription<Element: Sendable>: Disposable {
  @usableFromInline let anchor: SubjectAnchor<Element>
  @usableFromInline let slot: Int32
  @usableFromInline let id: UInt64

  @inlinable
  init(anchor: SubjectAnchor<Element>, slot: Int32, id: UInt64) {
    self.anchor = anchor
    self.slot = slot
    self.id = id
  }

  @inlinable
  func dispose() {
    anchor.subject?.unsubscribe(slot: slot, id: id)
  }
}

/// The one weak reference to a subject that all its tokens share.
@usableFromInline
final class SubjectAnchor<Element: Sendable>: Sendable {
  @usableFromInline weak let subject: DispatchSubject<Element>?

  @inlinable
  init(_ subject: DispatchSubject<Element>) {
    self.subject = subject
  }
}

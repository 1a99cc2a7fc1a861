/// The disposable that ``DispatchSubject/subscribe(_:)`` returns.
///
/// A small value (it fits an existential's inline buffer, so returning it
/// allocates nothing) naming a registry slot and the subscription's unique
/// identifier. It holds its subject weakly: it keeps neither the subject nor the
/// handler alive, and disposing it after the subject is gone does nothing.
/// Disposing it twice does nothing either, because the second call finds the
/// identifier no longer in the slot.
@usableFromInline
struct Subscription<Element: Sendable>: Disposable {
  weak let subject: DispatchSubject<Element>?
  let slot: Int32
  let id: UInt64

  init(subject: DispatchSubject<Element>, slot: Int32, id: UInt64) {
    self.subject = subject
    self.slot = slot
    self.id = id
  }

  @usableFromInline
  func dispose() {
    subject?.unsubscribe(slot: slot, id: id)
  }
}

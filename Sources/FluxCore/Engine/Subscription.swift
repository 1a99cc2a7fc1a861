/// The disposable that ``DispatchSubject/subscribe(_:)`` returns.
///
/// A small value: the subject's core, a slot in its registry, and the
/// subscription's unique identifier. It keeps the core alive but neither the
/// subject nor the handler, so disposing it after the subject is gone is
/// harmless (the subject's deinit emptied the registry). Disposing it twice
/// does nothing either: the second call finds the identifier no longer in the
/// slot. It fits an existential's inline buffer, so returning it allocates
/// nothing.
@usableFromInline
struct Subscription: Disposable {
  @usableFromInline let core: SubjectCore
  @usableFromInline let slot: Int32
  @usableFromInline let id: UInt64

  @inlinable
  init(core: SubjectCore, slot: Int32, id: UInt64) {
    self.core = core
    self.slot = slot
    self.id = id
  }

  @usableFromInline
  func dispose() {
    core.unsubscribe(slot: slot, id: id)
  }
}

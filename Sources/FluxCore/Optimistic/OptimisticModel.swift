// What an `OptimisticState` knows: the confirmed value and the writes not
// yet folded into it, in the order they were applied. A write confirmed
// while an earlier one is pending keeps its place until that one is
// answered, so the order the writes apply in never changes. User code (the
// writes) runs outside the lock: a fold computes the new confirmed value
// outside and commits it only if nothing changed meanwhile (`version`).

/// One write of an ``OptimisticState``, pending or confirmed.
struct OptimisticWrite<Value: Sendable>: Sendable {
  let id: Int
  let body: @Sendable (inout Value) -> Void
  /// `nil` while pending; once confirmed, the action being delivered then
  /// (itself `nil` if none), which labels the fold.
  var confirmation: DispatchRecord??
}

struct OptimisticModel<Value: Sendable>: Sendable {
  var confirmed: Value
  var writes: [OptimisticWrite<Value>] = []
  /// Changes whenever `confirmed` or `writes` does.
  var version = 0
  var nextID = 0

  init(confirmed: Value) {
    self.confirmed = confirmed
  }

  mutating func append(_ body: @escaping @Sendable (inout Value) -> Void) -> Int {
    nextID += 1
    writes.append(OptimisticWrite(id: nextID, body: body, confirmation: nil))
    version += 1
    return nextID
  }

  /// Marks write `id` confirmed; `false` if it is not pending.
  mutating func confirm(_ id: Int, during action: DispatchRecord?) -> Bool {
    guard let index = writes.firstIndex(where: { $0.id == id }),
      writes[index].confirmation == nil
    else { return false }
    writes[index].confirmation = .some(action)
    version += 1
    return true
  }

  /// Removes pending write `id`; `false` if it is not pending.
  mutating func remove(_ id: Int) -> Bool {
    guard let index = writes.firstIndex(where: { $0.id == id && $0.confirmation == nil }) else {
      return false
    }
    writes.remove(at: index)
    version += 1
    return true
  }

  /// The confirmed writes at the front, ready to fold into `confirmed`.
  var foldable: ArraySlice<OptimisticWrite<Value>> {
    writes.prefix { $0.confirmation != nil }
  }

  /// What the state shows: the confirmed value, then each write's body.
  var shown: (base: Value, bodies: [@Sendable (inout Value) -> Void]) {
    (confirmed, writes.map(\.body))
  }
}

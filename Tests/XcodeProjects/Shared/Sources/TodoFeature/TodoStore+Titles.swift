/// Helpers of the store, for any thread.
///
/// `nonisolated`: `TodoStore` is, as `Store` is, but an extension's members
/// take the target's default isolation, and in a target whose default is
/// the main actor a callback on another thread could not call them ("call
/// to main actor-isolated instance method … in a synchronous nonisolated
/// context").
nonisolated extension TodoStore {
  /// The titles of the items, in order.
  var titles: [String] { items.value.map(\.title) }
}

import Observation

/// A store's list, readable from SwiftUI row by row: each reader is
/// invalidated by what it read, and only by that.
///
/// ```swift
/// struct RowsView: View {
///   let rows: ObservedCollection<Row>  // made once, by the screen's owner
///
///   var body: some View {
///     List {
///       ForEach(rows.ids, id: \.self) { id in RowView(rows: rows, id: id) }
///     }
///   }
/// }
///
/// struct RowView: View {
///   let rows: ObservedCollection<Row>
///   let id: Row.ID
///
///   var body: some View { Text(rows[id: id]?.title ?? "") }  // this row only
/// }
/// ```
///
/// - ``ids``: the order and membership, invalidated by an insert, a removal
///   or a move, not by an edit.
/// - ``count``: invalidated when the count changes.
/// - ``subscript(id:)``: one element, invalidated when it changes (`==`)
///   or is removed; a read of an id not in the list is invalidated by the
///   next change of the ids, which may bring it.
/// - ``elements``: everything, invalidated by any change.
///
/// Appending a row invalidates the list (``ids``, ``count``) and no row;
/// editing one invalidates that row only; writing an equal list invalidates
/// nobody. Changes arrive as for ``ObservedProperty``: latest-only, one
/// main-actor turn per burst, and once the action that made them has been
/// delivered, with everything else it changed (guarantee 10). A change
/// costs one pass over the list (ids are compared, and the index from id
/// to position is rebuilt only when they moved) and one `==` per row some
/// reader has read since it last changed.
///
/// Duplicate ids are allowed and never trap: ``ids`` and ``elements`` keep
/// every element, and ``subscript(id:)`` gives, and tracks, the first
/// element with that id.
///
/// > Important: The object holds one subscription to the store's property
/// > and ends it when it is freed. It keeps, for each row that readers have
/// > read and that has not changed since, that row's id; a row that changes
/// > or is removed is forgotten until it is read again, and so is an id read
/// > while absent, at the next change of the ids. So rows that come and go
/// > over a long session leave nothing behind.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservedCollection<Element: Identifiable & Sendable & Equatable>:
  Observation.Observable
where Element.ID: Sendable {
  private let registrar = ObservationRegistrar()
  private var storage: [Element]
  private var index: CollectionIndex<Element>
  /// The rows some reader has read since they last changed.
  private var readRows: Set<Element.ID> = []
  /// The ids some reader has read while they were not in the list, since
  /// the ids last changed.
  private var readAbsentRows: Set<Element.ID> = []
  private let subscription = DisposableSlot()

  /// Observes `property` on the main actor.
  ///
  /// - Parameter property: A store's list.
  public init(_ property: Property<[Element]>) {
    storage = property.value
    index = CollectionIndex(storage)
    subscription.fill(
      with: property.observeOnMainActor(receiving: .latestValue) {
        [weak self] value in self?.receive(value)
      })
  }

  deinit {
    subscription.dispose()
  }

  /// The ids, in order: a dependency on the order and membership.
  public var ids: [Element.ID] {
    registrar.access(self, keyPath: \.ids)
    return index.ids
  }

  /// The number of elements: a dependency on the count.
  public var count: Int {
    registrar.access(self, keyPath: \.count)
    return storage.count
  }

  /// The element with `id`, or `nil` if there is none: a dependency on that
  /// element only.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The (first) element with that id, as of the latest
  ///   main-actor turn that changed it.
  public subscript(id id: Element.ID) -> Element? {
    registrar.access(self, keyPath: \.[row: id])
    guard let element = index.element(id) else {
      readAbsentRows.insert(id)
      return nil
    }
    readRows.insert(id)
    return element
  }

  /// The whole list: a dependency on all of it.
  public var elements: [Element] {
    registrar.access(self, keyPath: \.elements)
    return storage
  }

  /// The name under which the registrar tracks one row.
  private subscript(row id: Element.ID) -> Int { 0 }

  /// How many rows are tracked now, for tests: those read since they last
  /// changed, and not removed, and those read while absent since the ids
  /// last changed.
  var trackedRowCount: Int { readRows.count + readAbsentRows.count }

  private func receive(_ new: [Element]) {
    let difference = index.difference(from: storage, to: new)
    let idsChanged = difference.idsChanged
    guard idsChanged || !difference.changedRows.isEmpty || new != storage else { return }
    let newIndex = difference.index
    let countChanged = new.count != storage.count
    var changedRows = difference.changedRows.filter { readRows.contains($0) }
    if idsChanged {
      // A reader of an id that was not there is told of every change of
      // the ids (it may have appeared), once.
      changedRows += readAbsentRows.subtracting(changedRows)
      readAbsentRows.removeAll()
    }
    registrar.willSet(self, keyPath: \.elements)
    if idsChanged { registrar.willSet(self, keyPath: \.ids) }
    if countChanged { registrar.willSet(self, keyPath: \.count) }
    for id in changedRows { registrar.willSet(self, keyPath: \.[row: id]) }
    storage = new
    index = newIndex
    // A registration fires once: the rows that changed are tracked again
    // when they are read again.
    readRows.subtract(changedRows)
    for id in changedRows { registrar.didSet(self, keyPath: \.[row: id]) }
    if countChanged { registrar.didSet(self, keyPath: \.count) }
    if idsChanged { registrar.didSet(self, keyPath: \.ids) }
    registrar.didSet(self, keyPath: \.elements)
  }
}

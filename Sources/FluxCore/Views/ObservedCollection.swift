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
/// - ``subscript(id:)``: one element, invalidated when it changes (`==`),
///   is removed, or, read while absent, appears.
/// - ``elements``: everything, invalidated by any change.
///
/// Appending a row invalidates the list (``ids``, ``count``) and no row;
/// editing one invalidates that row only; writing an equal list invalidates
/// nobody. Changes arrive as for ``ObservedProperty``: latest-only, one
/// main-actor turn per burst, and once the action that made them has been
/// delivered, with everything else it changed (guarantee 10). A change
/// costs one pass of `==` over the list, and updates the index from id to
/// element in place, where it changed (it is rebuilt only with duplicate
/// ids).
///
/// Duplicate ids are allowed and never trap: ``ids`` and ``elements`` keep
/// every element, and ``subscript(id:)`` gives, and tracks, the first
/// element with that id.
///
/// > Important: The object holds one subscription to the store's property
/// > and ends it when it is freed. It keeps, for each row that readers have
/// > read and that has not changed since, that row's id; a row that changes
/// > or is removed is forgotten until it is read again. An id read while
/// > absent is kept until it appears; when more such ids are kept than the
/// > list has rows (and 64), the next change of the ids tells each of their
/// > readers once and forgets them. So rows that come and go over a long
/// > session leave nothing behind.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservedCollection<Element: Identifiable & Sendable & Equatable>:
  Observation.Observable
where Element.ID: Sendable {
  private let registrar = ObservationRegistrar()
  private var storage: [Element]
  private var index: CollectionIndex<Element>
  /// The rows some reader has read since they last changed.
  private var readRows: [Element.ID: RowName] = [:]
  /// The ids some reader has read while they were not in the list, since
  /// the ids last changed.
  private var readAbsentRows: [Element.ID: RowName] = [:]
  // The names the registrar tracks the parts by, made once: in a generic
  // class a key path literal is made anew, an allocation, at each use. A
  // row's name is kept with its id while the row is tracked.
  private let idsName: KeyPath<ObservedCollection, [Element.ID]> = \.ids
  private let countName: KeyPath<ObservedCollection, Int> = \.count
  private let elementsName: KeyPath<ObservedCollection, [Element]> = \.elements
  private typealias RowName = KeyPath<ObservedCollection, Int>
  private let subscription = DisposableSlot()

  /// Observes `property` on the main actor.
  ///
  /// - Parameter property: A store's list.
  public init(_ property: Property<[Element]>) {
    // As of the last finished action (see ObservedProperty).
    MainActorOutbox.catchUp()
    storage = StateStamp.readingCommitted { property.value }
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
    registrar.access(self, keyPath: idsName)
    return index.ids
  }

  /// The number of elements: a dependency on the count.
  public var count: Int {
    registrar.access(self, keyPath: countName)
    return storage.count
  }

  /// The element with `id`, or `nil` if there is none: a dependency on that
  /// element only.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The (first) element with that id, as of the latest
  ///   main-actor turn that changed it.
  public subscript(id id: Element.ID) -> Element? {
    let element = index.element(id)
    let name = readRows[id] ?? readAbsentRows[id] ?? \.[row: id]
    registrar.access(self, keyPath: name)
    if element == nil {
      readAbsentRows[id] = name
    } else {
      readRows[id] = name
    }
    return element
  }

  /// The whole list: a dependency on all of it.
  public var elements: [Element] {
    registrar.access(self, keyPath: elementsName)
    return storage
  }

  /// The name under which the registrar tracks one row.
  private subscript(row id: Element.ID) -> Int { 0 }

  /// How many rows are tracked now, for tests: those read since they last
  /// changed, and not removed, and the ids read while absent, not yet
  /// appeared or forgotten.
  var trackedRowCount: Int { readRows.count + readAbsentRows.count }

  private func receive(_ new: [Element]) {
    // In place: a copy of the index would cost a copy of its dictionary on
    // every change. (So a reader called back from `willSet` below sees the
    // new rows; SwiftUI reads after the change.)
    let change = index.update(from: storage, to: new)
    let idsChanged = change.idsChanged
    guard idsChanged || !change.changedRows.isEmpty || new != storage else { return }
    let countChanged = new.count != storage.count
    // The rows read since they last changed, and the ids read while absent
    // that appeared: each is told once, and forgotten until read again.
    var changedRows: [RowName] = []
    for id in change.changedRows {
      if let name = readRows.removeValue(forKey: id) ?? readAbsentRows.removeValue(forKey: id) {
        changedRows.append(name)
      }
    }
    if idsChanged, readAbsentRows.count > max(64, new.count) {
      // More ids read while absent than the list has rows: most of their
      // readers are gone. Every one is told once (a reader still there
      // reads again) and forgotten, so they never pile up.
      changedRows += readAbsentRows.values
      readAbsentRows.removeAll()
    }
    registrar.willSet(self, keyPath: elementsName)
    if idsChanged { registrar.willSet(self, keyPath: idsName) }
    if countChanged { registrar.willSet(self, keyPath: countName) }
    for name in changedRows { registrar.willSet(self, keyPath: name) }
    storage = new
    for name in changedRows { registrar.didSet(self, keyPath: name) }
    if countChanged { registrar.didSet(self, keyPath: countName) }
    if idsChanged { registrar.didSet(self, keyPath: idsName) }
    registrar.didSet(self, keyPath: elementsName)
  }
}

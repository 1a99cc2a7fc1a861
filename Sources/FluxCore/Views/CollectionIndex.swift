/// The ids of a list, in order, and its (first) element of each id: what
/// ``ObservedCollection`` keeps beside the list.
struct CollectionIndex<Element: Identifiable & Equatable> {
  private(set) var ids: [Element.ID]
  /// The first element with each id.
  private var elements: [Element.ID: Element]
  /// Whether some id appears twice: then an update is a rebuild.
  private var hasDuplicates: Bool

  init(_ list: [Element]) {
    ids = list.map(\.id)
    elements = [:]
    elements.reserveCapacity(list.count)
    hasDuplicates = false
    for element in list where elements.updateValue(element, forKey: element.id) != nil {
      hasDuplicates = true
    }
    if hasDuplicates {
      elements = [:]
      for element in list where elements[element.id] == nil { elements[element.id] = element }
    }
  }

  /// The (first) element with `id`.
  func element(_ id: Element.ID) -> Element? {
    elements[id]
  }

  /// What changed from one list to the next.
  struct Change {
    /// Whether the order or membership changed.
    var idsChanged: Bool
    /// The ids whose (first) element changed, appeared or went, each once.
    var changedRows: [Element.ID]
  }

  /// Makes this the index of `new`, where it was the index of `old`, in
  /// place, and says what changed.
  ///
  /// The ids both lists start and end with are compared element by element
  /// where they stand, and only the elements in between, if any, by id. So
  /// an edit, an append, a removal or a move costs one pass of `==` over the
  /// list and a few lookups and writes by id, in place: the index is not
  /// copied. With duplicate ids, before or after, it is rebuilt.
  mutating func update(from old: [Element], to new: [Element]) -> Change {
    var changed: [Element.ID] = []
    var changedAt: [Int] = []
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter, new[prefix].id == ids[prefix] {
      if new[prefix] != old[prefix] {
        changed.append(ids[prefix])
        changedAt.append(prefix)
      }
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix, new[new.count - 1 - suffix].id == ids[old.count - 1 - suffix] {
      if new[new.count - 1 - suffix] != old[old.count - 1 - suffix] {
        changed.append(ids[old.count - 1 - suffix])
        changedAt.append(new.count - 1 - suffix)
      }
      suffix += 1
    }
    let idsChanged = prefix + suffix != old.count || prefix + suffix != new.count
    let removed = Array(ids[prefix..<old.count - suffix])
    let added = new[prefix..<new.count - suffix]
    let removedIDs = Set(removed)
    if hasDuplicates || (idsChanged && addsDuplicates(added, removing: removedIDs)) {
      let before = self
      self = CollectionIndex(new)
      var seen = Set<Element.ID>()
      let candidates = changed + removed + added.map(\.id)
      return Change(
        idsChanged: idsChanged,
        changedRows: candidates.filter { id in
          seen.insert(id).inserted && before.element(id) != element(id)
        })
    }
    for position in changedAt {
      // The only element with its id, changed where it stands.
      elements[new[position].id] = new[position]
    }
    guard idsChanged else { return Change(idsChanged: false, changedRows: changed) }
    var addedByID: [Element.ID: Element] = [:]
    for element in added { addedByID[element.id] = element }
    for id in removed where elements[id] != addedByID[id] {
      changed.append(id)  // went, or moved and changed
    }
    for element in added where !removedIDs.contains(element.id) {
      changed.append(element.id)  // appeared
    }
    ids.replaceSubrange(prefix..<old.count - suffix, with: added.map(\.id))
    for id in removed { elements[id] = nil }
    for element in added { elements[element.id] = element }
    return Change(idsChanged: true, changedRows: changed)
  }

  /// Whether putting `added` in place of the ids `removed` leaves some id
  /// twice in the list.
  private func addsDuplicates(
    _ added: ArraySlice<Element>, removing removedIDs: Set<Element.ID>
  ) -> Bool {
    var addedIDs = Set<Element.ID>()
    for element in added {
      guard addedIDs.insert(element.id).inserted else { return true }
      if elements[element.id] != nil && !removedIDs.contains(element.id) { return true }
    }
    return false
  }
}

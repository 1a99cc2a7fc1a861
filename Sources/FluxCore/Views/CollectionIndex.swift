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

  /// What changed from `old` (the list this index describes) to `new`.
  struct Difference {
    /// The new list's index.
    var index: CollectionIndex
    /// Whether the order or membership changed.
    var idsChanged: Bool
    /// The ids whose (first) element changed, appeared or went.
    var changedRows: [Element.ID]
  }

  /// Compares `old` with `new` in one pass.
  ///
  /// The ids both lists start and end with are compared element by element where they stand, and only the
  /// elements in between, if any, by id. So an edit, an append, a removal or
  /// a move costs one pass of `==` over the list and a few lookups by id;
  /// with duplicate ids, the index is rebuilt.
  func difference(from old: [Element], to new: [Element]) -> Difference {
    var changed: [Element.ID] = []
    var changedAt: [Int] = []
    var index = self
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
    let removed = ids[prefix..<old.count - suffix]
    let added = new[prefix..<new.count - suffix]
    guard !hasDuplicates else {
      index = CollectionIndex(new)
      return Difference(
        index: index, idsChanged: idsChanged,
        changedRows: (changed + removed + added.map(\.id)).filter { id in
          element(id) != index.element(id)
        })
    }
    for position in changedAt {
      // The only element with its id, changed where it stands.
      index.elements[new[position].id] = new[position]
    }
    if idsChanged {
      index.ids = new.map(\.id)
      for id in removed { index.elements[id] = nil }
      for element in added where index.elements.updateValue(element, forKey: element.id) != nil {
        index.hasDuplicates = true
      }
      if index.hasDuplicates { index = CollectionIndex(new) }
      // What changed where it stands may be a second element of an id now.
      changed = changed.filter { element($0) != index.element($0) }
      var seen = Set(changed)
      for id in removed where seen.insert(id).inserted && element(id) != index.element(id) {
        changed.append(id)
      }
      for element in added
      where seen.insert(element.id).inserted
        && self.element(element.id) != index.element(element.id)
      {
        changed.append(element.id)
      }
    }
    return Difference(index: index, idsChanged: idsChanged, changedRows: changed)
  }
}

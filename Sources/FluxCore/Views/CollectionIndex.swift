/// The ids of a list, in order, and where each (first) one is: what
/// ``ObservedCollection`` keeps beside the list.
struct CollectionIndex<Element: Identifiable> {
  private(set) var ids: [Element.ID]
  /// The position of the first element with each id.
  private var positions: [Element.ID: Int]

  init(_ elements: [Element]) {
    ids = elements.map(\.id)
    positions = [:]
    positions.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() where positions[id] == nil {
      positions[id] = position
    }
  }

  func position(of id: Element.ID) -> Int? {
    positions[id]
  }

  /// The index of `new`, reusing this one, the index of `old`, where the
  /// ids did not move: unchanged (an edit), or extended (an append).
  func updated(from old: [Element], to new: [Element]) -> CollectionIndex {
    var updated = self
    if new.count >= old.count {
      var same = true
      for position in old.indices where new[position].id != ids[position] {
        same = false
        break
      }
      if same {
        for position in old.count..<new.count {
          let id = new[position].id
          updated.ids.append(id)
          if updated.positions[id] == nil { updated.positions[id] = position }
        }
        return updated
      }
    }
    return CollectionIndex(new)
  }
}

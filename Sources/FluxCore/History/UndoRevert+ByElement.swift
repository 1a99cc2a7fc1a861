extension UndoRevert
where Value: RangeReplaceableCollection, Value.Element: Identifiable & Equatable {
  /// Undoes and redoes an array's elements, by their ids: an undo puts
  /// back the elements the step changed, added, removed or moved, each at
  /// its place, and leaves every other element as the present has it.
  ///
  /// ```swift
  /// let history = UndoHistory(of: todos, revert: .byElement)
  /// ```
  ///
  /// The user checks a task (a step), then a sync replaces the list (not
  /// a step): the undo unchecks that task in the synced list, and keeps
  /// every task the sync added, changed or removed. In detail, an undo:
  /// - removes the elements the step added, if they are still there;
  /// - gives the elements the step changed their value before it, if they
  ///   are still there (one the present removed stays removed);
  /// - puts back the elements the step removed (unless the present has one
  ///   with that id), and the elements it moved, each after the element
  ///   before it in the state before the step, or first if none of those
  ///   is left.
  /// A redo does the same from the state before the step to the state
  /// after it. Ids that appear twice count once, at their first place.
  public static var byElement: UndoRevert {
    UndoRevert(
      undo: { present, step in
        Value(
          ElementReverter(from: Array(step.after), to: Array(step.before)).apply(to: Array(present))
        )
      },
      redo: { present, step in
        Value(
          ElementReverter(from: Array(step.before), to: Array(step.after)).apply(to: Array(present))
        )
      })
  }
}

/// Carries a change of an array's elements, from `source` to `target`,
/// over to another array: ``UndoRevert/byElement``.
struct ElementReverter<Element: Identifiable & Equatable> {
  let source: [Element]
  let target: [Element]

  init(from source: [Element], to target: [Element]) {
    self.source = source
    self.target = target
  }

  func apply(to present: [Element]) -> [Element] {
    let sourceByID = Self.firstByID(source)
    let targetByID = Self.firstByID(target)
    let moved = movedIDs(sourceByID: sourceByID, targetByID: targetByID)
    var placed = Set<Element.ID>()  // the ids the result holds, each once
    // What stays where the present has it: not added by the change (then
    // gone), not moved by it (then put at its place below).
    var kept: [Element] = []
    var presentByID: [Element.ID: Element] = [:]
    for element in present where placed.insert(element.id).inserted {
      presentByID[element.id] = element
      let id = element.id
      if sourceByID[id] != nil, targetByID[id] == nil { continue }  // the change added it
      if moved.contains(id) { continue }
      kept.append(changed(element, sourceByID, targetByID))
    }
    // What goes at its place in the target: what the change removed (and
    // the present lacks), and what it moved (as the present has it).
    let keptIDs = Set(kept.map(\.id))
    var front: [Element] = []
    var after: [Element.ID: [Element]] = [:]
    var anchor: Element.ID?
    var seen = Set<Element.ID>()
    for element in target where seen.insert(element.id).inserted {
      let id = element.id
      let removedByChange = sourceByID[id] == nil && presentByID[id] == nil
      let movedByChange = moved.contains(id) && presentByID[id] != nil
      if removedByChange || movedByChange {
        let value = movedByChange ? changed(presentByID[id]!, sourceByID, targetByID) : element
        if let anchor { after[anchor, default: []].append(value) } else { front.append(value) }
      } else if keptIDs.contains(id) {
        anchor = id
      }
    }
    var result = front
    result.reserveCapacity(kept.count + front.count)
    for element in kept {
      result.append(element)
      if let inserted = after[element.id] { result.append(contentsOf: inserted) }
    }
    return result
  }

  /// `element` with the target's value, if the change changed it.
  private func changed(
    _ element: Element, _ sourceByID: [Element.ID: Element], _ targetByID: [Element.ID: Element]
  ) -> Element {
    guard let from = sourceByID[element.id], let to = targetByID[element.id], from != to else {
      return element
    }
    return to
  }

  /// The ids in both arrays whose order the change changed: those outside
  /// a longest run in the same order in both.
  private func movedIDs(
    sourceByID: [Element.ID: Element], targetByID: [Element.ID: Element]
  ) -> Set<Element.ID> {
    var targetPosition: [Element.ID: Int] = [:]
    for (position, element) in target.enumerated() where sourceByID[element.id] != nil {
      if targetPosition[element.id] == nil { targetPosition[element.id] = position }
    }
    var seen = Set<Element.ID>()
    let common = source.compactMap { element -> (Element.ID, Int)? in
      guard seen.insert(element.id).inserted, let position = targetPosition[element.id] else {
        return nil
      }
      return (element.id, position)
    }
    let inOrder = Self.longestIncreasingRun(common.map(\.1))
    var moved = Set<Element.ID>()
    for (index, (id, _)) in common.enumerated() where !inOrder.contains(index) { moved.insert(id) }
    return moved
  }

  /// The indexes of a longest strictly increasing subsequence of `values`.
  static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []  // index of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var run = Set<Int>()
    var index = tails.last ?? -1
    while index >= 0 {
      run.insert(index)
      index = previous[index]
    }
    return run
  }

  /// The first element of each id.
  static func firstByID(_ elements: [Element]) -> [Element.ID: Element] {
    var byID: [Element.ID: Element] = [:]
    byID.reserveCapacity(elements.count)
    for element in elements where byID[element.id] == nil { byID[element.id] = element }
    return byID
  }
}

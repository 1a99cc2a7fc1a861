/// A double-ended queue in a ring buffer: O(1) to add or take at either end,
/// so that an undo, a redo and dropping the oldest step never depend on how
/// long the history is.
struct HistoryDeque<Element> {
  private var storage: ContiguousArray<Element?> = []
  /// Where the first element is in `storage`.
  private var head = 0
  /// How many elements there are.
  private(set) var count = 0

  init() {}

  var isEmpty: Bool { count == 0 }

  var first: Element? { count == 0 ? nil : storage[head] }

  var last: Element? { count == 0 ? nil : storage[slot(count - 1)] }

  /// The element `offset` places from the first; `offset` is in `0..<count`.
  subscript(offset: Int) -> Element {
    get { storage[slot(offset)]! }
    set { storage[slot(offset)] = newValue }
  }

  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    storage[slot(count)] = element
    count += 1
  }

  mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    let index = slot(count)
    defer { storage[index] = nil }
    return storage[index]
  }

  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    defer {
      storage[head] = nil
      head = (head + 1) % storage.count
      count -= 1
    }
    return storage[head]
  }

  mutating func removeAll() {
    storage = []
    head = 0
    count = 0
  }

  /// The elements, first to last.
  var elements: [Element] {
    (0..<count).map { self[$0] }
  }

  private func slot(_ offset: Int) -> Int {
    (head + offset) % storage.count
  }

  /// Doubles the capacity, moving the elements to the front.
  private mutating func grow() {
    var larger = ContiguousArray<Element?>(repeating: nil, count: Swift.max(8, storage.count * 2))
    for offset in 0..<count { larger[offset] = storage[slot(offset)] }
    storage = larger
    head = 0
  }
}

extension HistoryDeque: Sendable where Element: Sendable {}

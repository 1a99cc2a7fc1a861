import FluxCore

/// A row of an import.
struct Row: Sendable {}

extension Array {
  /// The array in `count` nearly equal parts.
  func split(into count: Int) -> [ArraySlice<Element>] {
    let size = Swift.max(1, (self.count + count - 1) / count)
    return stride(from: 0, to: self.count, by: size).map {
      self[$0..<Swift.min($0 + size, self.count)]
    }
  }
}

/// A subject the article waits on.
let progress = DispatchSubject<Int>()

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

/// The dispatcher the article's chain of waits starts from.
final class ImportDispatcher: DispatcherType {
  static let shared = ImportDispatcher()
  let rows = DispatchSubject<Int>()
}

/// The dispatcher the store's handlers report to.
final class AnalyticsDispatcher: DispatcherType {
  static let shared = AnalyticsDispatcher()
  let events = DispatchSubject<String>()
}

/// A store that relays each row into a subject of its own.
final class ImportStore: Store, @unchecked Sendable {
  let accepted = DispatchSubject<Int>()
}

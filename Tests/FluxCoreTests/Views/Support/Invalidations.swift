import Dispatch
import FluxCore
import Observation

/// A reader registered the way SwiftUI registers a `body`: it reads inside
/// `withObservationTracking`, and counts how often it is invalidated,
/// reading again (registering again) after each invalidation, on a later
/// main-queue turn.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class InvalidationCounter {
  private let read: @MainActor () -> Void
  private(set) var invalidations = 0

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking(read) { [weak self] in
      // Counted when the change is made, on the main actor; read again on
      // a later turn, as SwiftUI draws a body again.
      MainActor.assumeIsolated { self?.invalidations += 1 }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self?.track() }
      }
    }
  }
}

/// Lets the main queue run the turns already scheduled, and those they
/// schedule in turn (a hop, then the redraws it causes).
@MainActor
func mainTurns(_ count: Int = 4) async {
  for _ in 0..<count {
    await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
  }
}

/// Returns once `condition` holds.
///
/// At once, or when a change of what it reads (through `Observation`) makes
/// it hold; `false` if `seconds` pass first. Event-driven: it never polls.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@discardableResult
func waitUntil(seconds: Double = 10, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
  if condition() { return true }
  let waiter = ConditionWaiter(condition)
  return await withCheckedContinuation { continuation in
    waiter.continuation = continuation
    waiter.track()
    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
      MainActor.assumeIsolated { waiter.finish(false) }
    }
  }
}

/// Reads a condition inside `withObservationTracking` until it holds.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private final class ConditionWaiter {
  let condition: @MainActor () -> Bool
  var continuation: CheckedContinuation<Bool, Never>?

  init(_ condition: @escaping @MainActor () -> Bool) {
    self.condition = condition
  }

  func track() {
    guard continuation != nil else { return }
    let holds = withObservationTracking(condition) {
      DispatchQueue.main.async { MainActor.assumeIsolated { self.track() } }
    }
    if holds { finish(true) }
  }

  func finish(_ result: Bool) {
    continuation?.resume(returning: result)
    continuation = nil
  }
}

/// A row of a list.
struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
  let id: Int
  var title: String

  var description: String { "\(id):\(title)" }

  static func list(_ ids: some Sequence<Int>) -> [Row] {
    ids.map { Row(id: $0, title: "row \($0)") }
  }
}

/// The reads a list screen makes: the list (its ids), the count, and each
/// row.
@MainActor
protocol RowReading: AnyObject {
  var ids: [Int] { get }
  var count: Int { get }
  func row(_ id: Int) -> Row?
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedCollection<Row>: RowReading {
  func row(_ id: Int) -> Row? { self[id: id] }
}

/// The same reads through a plain `ObservedProperty` of the whole list.
///
/// What a screen had before `ObservedCollection`. The list is a state that
/// is not `Equatable` (as many app states are), so an equal write is a
/// write too.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class PlainRows: RowReading {
  struct Rows: Sendable {
    var rows: [Row]
  }

  let observed: ObservedProperty<Rows>

  init(_ property: Property<[Row]>) {
    observed = ObservedProperty(Property(derivedFrom: property) { Rows(rows: $0) })
  }

  var ids: [Int] { observed.value.rows.map(\.id) }
  var count: Int { observed.value.rows.count }
  func row(_ id: Int) -> Row? { observed.value.rows.first { $0.id == id } }
}

/// Which way a test reads a list.
enum RowsWay: String, CaseIterable, Sendable {
  /// `ObservedCollection`: each reader depends on what it read.
  case collection
  /// A plain `ObservedProperty` of the array, for contrast.
  case plain

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  func reader(of property: Property<[Row]>) -> any RowReading {
    switch self {
    case .collection: ObservedCollection(property)
    case .plain: PlainRows(property)
    }
  }
}

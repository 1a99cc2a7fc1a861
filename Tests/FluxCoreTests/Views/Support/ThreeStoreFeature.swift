import Dispatch
import FluxCore
import Foundation
import Observation
import TestSupport

/// The feature of guarantee 10's tests, as an app has it.
///
/// One action (a search answer, sent from a background thread as a network callback
/// sends it) taken by three stores, in order: one holds the query, one
/// does slow work, one holds the total. A whole state has `total == 10 *
/// query`; a screen that shows anything else shows a state no action made.
final class AnswerDispatcher: DispatcherType {
  static let shared = AnswerDispatcher()
  let answer: DispatchSubject<Int>

  init(deliveryBudget: Int = 32) {
    answer = DispatchSubject(deliveryBudget: deliveryBudget)
  }
}

final class QueryStore: Store, @unchecked Sendable {
  // Safe: `let`s of Sendable types only.
  let query: Property<Int>
  private let _query = Variable(0)

  init(_ dispatcher: AnyObservableDispatcher<AnswerDispatcher>) {
    query = _query.asProperty()
    super.init()
    bind(dispatcher.answer, to: _query)
  }
}

/// Does `work` for each answer: a decode, a sort, or (in these tests) a
/// pause that lets the main actor run meanwhile.
final class WorkStore: Store, @unchecked Sendable {
  // Safe: `let`s of Sendable types only.
  let done: Property<Int>
  private let _done = Variable(0)

  init(
    _ dispatcher: AnyObservableDispatcher<AnswerDispatcher>,
    work: @escaping @Sendable (Int) -> Void
  ) {
    done = _done.asProperty()
    super.init()
    bind(dispatcher.answer, to: _done) { _, answer in
      work(answer)
      return answer
    }
  }
}

final class TotalStore: Store, @unchecked Sendable {
  // Safe: `let`s of Sendable types only.
  let total: Property<Int>
  private let _total = Variable(0)

  init(_ dispatcher: AnyObservableDispatcher<AnswerDispatcher>) {
    total = _total.asProperty()
    super.init()
    bind(dispatcher.answer.map { $0 * 10 }, to: _total)
  }
}

/// What a screen of the feature shows.
struct Shown: Equatable, Sendable, CustomStringConvertible {
  var query: Int
  var total: Int

  init(_ query: Int, _ total: Int) {
    self.query = query
    self.total = total
  }

  /// Whether some whole action (or none yet) produced it.
  var isWhole: Bool { total == 10 * query }
  var description: String { "\(query):\(total)" }
}

/// A row of a list, for the ways that read rows.
struct Cell: Identifiable, Equatable, Sendable {
  let id: Int
  let value: Int
}

/// A hand-written view model that the handler, operator and assignment
/// ways write to.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable @MainActor
final class ShownModel {
  var query = 0
  var total = 0
}

/// The ways onto the main actor, each as a screen of the feature.
enum WayOntoTheMainActor: String, CaseIterable, Sendable {
  case observeOnMainActor, observeOnMain, assign, observedProperty, observedDerivedProperty
  case observedFields, observedCollection

  /// A screen of `query` and `total` that reads them this way, and what
  /// keeps its subscriptions alive.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  func screen(query: Property<Int>, total: Property<Int>) -> (
    screen: RedrawingScreen<Shown>, keep: [Any]
  ) {
    let model = ShownModel()
    var keep: [Any] = [model]
    switch self {
    case .observeOnMainActor:
      keep += [
        query.observeOnMainActor { model.query = $0 },
        total.observeOnMainActor { model.total = $0 },
      ]
    case .observeOnMain:
      keep += [
        query.observe(on: .main).subscribe { value in
          MainActor.assumeIsolated { model.query = value }
        },
        total.observe(on: .main).subscribe { value in
          MainActor.assumeIsolated { model.total = value }
        },
      ]
    case .assign:
      keep += [query.assign(to: \.query, on: model), total.assign(to: \.total, on: model)]
    case .observedProperty:
      let observedQuery = ObservedProperty(query)
      let observedTotal = ObservedProperty(total)
      let screen = RedrawingScreen { Shown(observedQuery.value, observedTotal.value) }
      return (screen, [observedQuery, observedTotal])
    case .observedDerivedProperty:
      let shown = ObservedProperty(Property(derivedFrom: query, total) { Shown($0, $1) })
      return (RedrawingScreen { shown.value }, [shown])
    case .observedFields:
      // A field of each store's state: `.query` of one, `.total` of the other.
      let fromQuery = ObservedProperty(Property(derivedFrom: query) { Shown($0, 0) })
      let fromTotal = ObservedProperty(Property(derivedFrom: total) { Shown(0, $0) })
      return (RedrawingScreen { Shown(fromQuery.query, fromTotal.total) }, [fromQuery, fromTotal])
    case .observedCollection:
      // A row of each store's list, read by id.
      let queryRows = ObservedCollection(Property(derivedFrom: query) { [Cell(id: 0, value: $0)] })
      let totalRows = ObservedCollection(Property(derivedFrom: total) { [Cell(id: 0, value: $0)] })
      let screen = RedrawingScreen {
        Shown(queryRows[id: 0]?.value ?? -1, totalRows[id: 0]?.value ?? -1)
      }
      return (screen, [queryRows, totalRows])
    }
    return (RedrawingScreen { Shown(model.query, model.total) }, keep)
  }
}

/// Lets the main actor run two turns while the calling thread waits.
///
/// Time for a hop already queued to run and for the redraw it schedules. Call it
/// off the main actor.
func letTheMainActorRedraw() {
  for _ in 0..<2 {
    let ran = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { ran.signal() }
    ran.wait()
  }
}

/// Starts `body` on a thread of its own (a network callback's, say), not on
/// Dispatch's global queue, whose few threads other tests may hold while
/// they wait for the main actor; returns at once.
func startThread(_ body: @escaping @Sendable () -> Void) {
  let thread = Thread(block: body)
  thread.stackSize = 1 << 20
  thread.start()
}

/// Runs `body` on a thread of its own and returns what it returned.
func onANewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { done in
    startThread { done.resume(returning: body()) }
  }
}

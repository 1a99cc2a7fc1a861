import FluxCore
import Foundation

/// Where the README's draft lives.
let draftURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("draft.json")

/// A row of the list that the README's redraw test shows.
struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// The list's actions.
final class RowsDispatcher: DispatcherType {
  static let shared = RowsDispatcher()
  let rename = DispatchSubject<(id: Int, title: String)>()
}

/// The list: ten rows, renamed by actions.
final class RowsStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  let rows: Property<[Row]>
  private let _rows = Variable((1...10).map { Row(id: $0, title: "Row \($0)") })

  init(dispatcher: AnyObservableDispatcher<RowsDispatcher>) {
    rows = _rows.asProperty()
    super.init()
    bind(dispatcher.rename, to: _rows) { rows, rename in
      rows.map { $0.id == rename.id ? Row(id: $0.id, title: rename.title) : $0 }
    }
  }
}

/// Sends the list's actions.
struct RowsActionCreator {
  let dispatcher: AnyObserverDispatcher<RowsDispatcher>

  func rename(_ id: Int, to title: String) { dispatcher.rename.dispatch((id, title)) }
}

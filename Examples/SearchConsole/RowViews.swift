import Dispatch
import FluxCore
import Observation
import SearchFeature

/// The result list as SwiftUI's `ForEach(rows.ids, id: \.self)` draws it:
/// one row view per id of ``SearchViewModel/rowList``, each reading only its
/// own row inside `withObservationTracking` and drawing again, on a later
/// turn of the main actor, when that row changes.
///
/// A console shows its rows through ``ConsoleView``; these row views count
/// their own draws instead, beside what a list that reads the whole
/// ``SearchViewModel/rows`` array draws (every row, at every change of it):
/// the difference that ``ObservedCollection`` makes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class RowViews {
  private let rows: ObservedCollection<SearchRow>
  private let wholeArray: () -> [SearchRow]
  private var views: [SearchRow.ID: RowView] = [:]
  /// How many times a row view has drawn its row.
  private(set) var rowDraws = 0
  /// How many rows a list that reads the whole array would have drawn.
  private(set) var wholeListRowDraws = 0

  init(viewModel: SearchViewModel) {
    rows = viewModel.rowList
    wholeArray = { viewModel.rows }
    drawList()
    drawWholeList()
  }

  /// What the counts say, as one line.
  var summary: String {
    "rows drawn: \(rowDraws) by one view per row (ObservedCollection); a list that reads "
      + "the whole array would have drawn \(wholeListRowDraws)"
  }

  /// Reads the ids, as `ForEach` does, and makes a row view for each new one.
  private func drawList() {
    let ids = withObservationTracking {
      rows.ids
    } onChange: { [weak self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.drawList() } }
    }
    let shown = Set(ids)
    views = views.filter { shown.contains($0.key) }
    for id in ids where views[id] == nil {
      views[id] = RowView(id: id, owner: self)
    }
  }

  /// The contrast: a list whose body reads the whole array draws every row.
  private func drawWholeList() {
    let all = withObservationTracking {
      wholeArray()
    } onChange: { [weak self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.drawWholeList() } }
    }
    wholeListRowDraws += all.count
  }

  /// One row's view: it reads `rows[id: id]` and nothing else.
  @MainActor
  private final class RowView {
    let id: SearchRow.ID
    weak var owner: RowViews?

    init(id: SearchRow.ID, owner: RowViews) {
      self.id = id
      self.owner = owner
      draw()
    }

    func draw() {
      guard let owner else { return }
      let row = withObservationTracking {
        owner.rows[id: id]
      } onChange: { [weak self] in
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.draw() } }
      }
      if row != nil { owner.rowDraws += 1 }
    }
  }
}

import Dispatch
import Observation
import SearchFeature

/// Prints the search screen as it changes, the way a SwiftUI `body` draws:
/// it reads the view model's ``SearchViewModel/rows`` and
/// ``SearchViewModel/status`` inside `withObservationTracking`, and draws
/// again, on a later turn of the main actor, when either changes.
///
/// A console cannot redraw, so drawing prints what changed: the rows that
/// were added (all of them for a new query, the new page's for the next
/// page), then the status line if it is new.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class ConsoleView {
  private let viewModel: SearchViewModel
  private let write: @Sendable (String) -> Void
  private var drawnRows: [SearchRow] = []
  private var drawnStatus = SearchStatus.idle
  private var isRedrawScheduled = false
  private var waitingForCatchUp: [CheckedContinuation<Void, Never>] = []

  init(viewModel: SearchViewModel, write: @escaping @Sendable (String) -> Void) {
    self.viewModel = viewModel
    self.write = write
    draw()
  }

  /// Whether the screen shows the store's latest state: nothing is on its
  /// way to the view model, and no redraw is pending.
  var isCaughtUp: Bool {
    !isRedrawScheduled && viewModel.isShowingLatest
  }

  /// Returns once the screen shows the store's latest state.
  ///
  /// No polling: a value still on its way to the view model changes it when
  /// it lands, which schedules a redraw, and the redraw that finds the screen
  /// caught up resumes every caller waiting here.
  func waitUntilCaughtUp() async {
    while !isCaughtUp {
      await withCheckedContinuation { waitingForCatchUp.append($0) }
    }
  }

  private func draw() {
    isRedrawScheduled = false
    let (rows, status) = withObservationTracking {
      (viewModel.rows, viewModel.status)
    } onChange: { [weak self] in
      // Called on the main actor as a property is about to change: draw
      // again once the change is made, on a later turn, as SwiftUI does.
      MainActor.assumeIsolated { self?.isRedrawScheduled = true }
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.draw() } }
    }
    if rows != drawnRows {
      let added = rows.starts(with: drawnRows) ? rows.dropFirst(drawnRows.count) : rows[...]
      for row in added { write("   \(row)") }
      drawnRows = rows
    }
    if status != drawnStatus {
      write("  \(status)")
      drawnStatus = status
    }
    if isCaughtUp, !waitingForCatchUp.isEmpty {
      let waiting = waitingForCatchUp
      waitingForCatchUp.removeAll()
      for caller in waiting { caller.resume() }
    }
  }
}

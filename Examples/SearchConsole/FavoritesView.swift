import Dispatch
import Observation
import SearchFeature

/// Prints the favorites' status line as it changes, the way
/// ``ConsoleView`` prints the search: it reads
/// ``FavoritesViewModel/status`` inside `withObservationTracking`, and
/// draws again, on a later turn of the main actor, when it changes.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class FavoritesView {
  private let viewModel: FavoritesViewModel
  private let write: @Sendable (String) -> Void
  private var drawn: FavoritesStatus?
  private var isRedrawScheduled = false
  private var waitingForCatchUp: [CheckedContinuation<Void, Never>] = []

  init(viewModel: FavoritesViewModel, write: @escaping @Sendable (String) -> Void) {
    self.viewModel = viewModel
    self.write = write
    draw()
  }

  /// Whether the line shows the store's latest state.
  var isCaughtUp: Bool {
    !isRedrawScheduled && viewModel.isShowingLatest
  }

  /// Returns once the line shows the store's latest state; no polling (see
  /// ``ConsoleView/waitUntilCaughtUp()``).
  func waitUntilCaughtUp() async {
    while !isCaughtUp {
      await withCheckedContinuation { waitingForCatchUp.append($0) }
    }
  }

  private func draw() {
    isRedrawScheduled = false
    let status = withObservationTracking {
      viewModel.status
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.isRedrawScheduled = true }
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.draw() } }
    }
    if status != drawn {
      let line = status.description
      if !line.isEmpty { write("  \(line)") }
      drawn = status
    }
    if isCaughtUp, !waitingForCatchUp.isEmpty {
      let waiting = waitingForCatchUp
      waitingForCatchUp.removeAll()
      for caller in waiting { caller.resume() }
    }
  }
}

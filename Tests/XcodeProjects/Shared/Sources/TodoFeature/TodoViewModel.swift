import FluxCore
import Observation

/// What a SwiftUI view shows, kept up to date from the stores on the main
/// actor.
@Observable @MainActor
final class TodoViewModel {
  private(set) var titles: [String] = []
  private(set) var isLoading = false
  private(set) var count = 0
  @ObservationIgnored private let actions: TodoActionCreator
  @ObservationIgnored private let disposeBag = DisposeBag()

  init(store: TodoStore, counter: TodoCountStore, actions: TodoActionCreator) {
    self.actions = actions
    store.items.map { $0.map(\.title) }.assign(to: \.titles, on: self).disposed(by: disposeBag)
    store.isLoading.assign(to: \.isLoading, on: self).disposed(by: disposeBag)
    counter.count.assign(to: \.count, on: self).disposed(by: disposeBag)
  }

  func searchChanged(_ query: String) {
    actions.load(matching: query)
  }

  func clearTapped() {
    actions.clear()
  }
}

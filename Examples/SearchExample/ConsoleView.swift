import FluxCore
import SearchFeature

/// Prints the search screen as it changes: a status line whenever the status
/// changes, and the rows each completed load adds.
struct ConsoleView {
  private let disposeBag = DisposeBag()

  init(viewModel: SearchViewModel, write: @escaping @Sendable (String) -> Void) {
    viewModel.output.loadedRows
      .subscribe { rows in
        for row in rows { write("   \(row)") }
      }
      .disposed(by: disposeBag)
    viewModel.output.status
      .skip(1)  // the idle status before anything happens
      .subscribe { status in write("  \(status)") }
      .disposed(by: disposeBag)
  }
}

import FluxCore
import FluxCoreTesting
import TestSupport

/// A small editor for the history tests: a text that actions set, and an
/// `undo` subject bound to its history.
final class EditorDispatcher: DispatcherType {
  static let shared = EditorDispatcher()
  let text = DispatchSubject<String>()
  let title = DispatchSubject<String>()
  let undo = DispatchSubject<UndoCommand>()
}

/// The editor's state: what the history records.
struct Document: Codable, Sendable, Equatable {
  var text = ""
  var isSaving = false
}

final class EditorStore: Store, @unchecked Sendable {
  let document: Property<Document>
  let history: UndoHistory<Document>
  let variable = Variable(Document())

  init(
    dispatcher: EditorDispatcher, maxSteps: Int = 100, coalescing window: Duration = .zero,
    coalescingMode: UndoCoalescing = .debounce, clock: TestClock = TestClock(),
    label: @escaping @Sendable (DispatchRecord) -> String? = { $0.label }
  ) {
    document = variable.asProperty()
    history = UndoHistory(
      of: variable, maxSteps: maxSteps, coalescing: window, coalescingMode: coalescingMode,
      clock: clock, label: label,
      isStep: { $0.before.text != $0.after.text })
    super.init()
    let view = AnyObservableDispatcher(dispatcher)
    bind(view.text, to: variable) { document, text in
      var document = document
      document.text = text
      return document
    }
    bind(view.title, to: variable) { document, title in
      var document = document
      document.text = title + document.text
      return document
    }
    bind(view.undo, to: history)
  }
}

extension UndoHistory {
  /// The states the history keeps, oldest first, with the present in
  /// brackets: `a b [c] d` has two steps to undo and one to redo.
  var timeline: String {
    let archive = archive
    return
      (archive.past.map { "\($0.value)" } + ["[\(archive.present)]"]
      + archive.future.map { "\($0.value)" }).joined(separator: " ")
  }
}

extension UndoHistory where Value == Document {
  /// The texts the history keeps, oldest first, the present in brackets.
  var texts: String {
    let archive = archive
    return
      (archive.past.map(\.value.text) + ["[\(archive.present.text)]"]
      + archive.future.map(\.value.text)).map { $0.isEmpty ? "∅" : $0 }.joined(separator: " ")
  }
}

extension UndoHistory {
  /// Waits until the history has taken in everything sent before; fails
  /// the test, rather than hanging it, after ten seconds.
  func settle() async throws {
    try await withTimeout { await self.waitUntilDelivered() }
  }
}

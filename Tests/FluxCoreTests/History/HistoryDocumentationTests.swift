import FluxCore
import FluxCoreTesting
import XCTest

/// What the README, Getting Started and the article "Undo and optimistic
/// updates" say their examples do, run: the comments in them are checked
/// here.
final class HistoryDocumentationTests: XCTestCase {
  func testTheReadmesExampleDoesWhatItsCommentsSay() {
    let favorites = Variable(Set<Int>())
    let optimistic = OptimisticState(of: favorites)
    let history = UndoHistory(ofConfirmed: optimistic)

    let star = optimistic.apply { $0.insert(42) }
    let shown = favorites.value
    optimistic.setConfirmed([7])
    let withPush = favorites.value
    star.rollBack()
    let refused = favorites.value
    history.undo()

    XCTAssertEqual(shown, [42])
    XCTAssertEqual(withPush, [7, 42])
    XCTAssertEqual(refused, [7])
    XCTAssertEqual(favorites.value, [])
  }

  /// The article's store, with its labels and its window.
  private final class NotesDispatcher: DispatcherType {
    static let shared = NotesDispatcher()
    let title = DispatchSubject<String>()
    let text = DispatchSubject<String>()
    let undo = DispatchSubject<UndoCommand>()
  }

  private struct Note: Codable, Sendable, Equatable {
    var title = ""
    var text = ""
  }

  private final class NotesStore: Store, @unchecked Sendable {
    let note: Property<Note>
    let history: UndoHistory<Note>
    private let _note = Variable(Note())

    init(dispatcher: AnyObservableDispatcher<NotesDispatcher>, clock: some Clock<Duration>) {
      note = _note.asProperty()
      history = UndoHistory(
        of: _note, maxSteps: 100, coalescing: .milliseconds(500), clock: clock,
        label: { action in action.label == "NotesDispatcher.title" ? "Rename" : "Typing" })
      super.init()
      bind(dispatcher.title, to: _note) { note, title in Note(title: title, text: note.text) }
      bind(dispatcher.text, to: _note) { note, text in Note(title: note.title, text: text) }
      bind(dispatcher.undo, to: history)
    }
  }

  func testTheArticlesStatusLinesAreWhatTheViewPrints() {
    let dispatcher = NotesDispatcher()
    let store = NotesStore(dispatcher: .init(dispatcher), clock: TestClock())
    let actions = AnyObserverDispatcher(dispatcher)
    let printed = TestRecorder<String>()
    let watching = store.history.status.subscribe { status in
      let undo = status.canUndo ? "Undo \(status.undoLabel ?? "")" : "(nothing to undo)"
      let redo = status.canRedo ? "Redo \(status.redoLabel ?? "")" : "(nothing to redo)"
      printed.handler("\(undo) · \(redo)")
    }

    actions.text.dispatch("Dear Ada,")
    actions.undo.dispatch(.undo())

    XCTAssertEqual(
      printed.values,
      [
        "(nothing to undo) · (nothing to redo)", "Undo Typing · (nothing to redo)",
        "(nothing to undo) · Redo Typing",
      ])
    XCTAssertEqual(store.note.value.text, "")
    watching.dispose()
  }

  func testTheArticlesPauseEndsTheStep() async {
    let clock = TestClock()
    let dispatcher = NotesDispatcher()
    let store = NotesStore(dispatcher: .init(dispatcher), clock: clock)
    let actions = AnyObserverDispatcher(dispatcher)

    actions.text.dispatch("Dear")
    await clock.advance(by: .milliseconds(499))
    actions.text.dispatch("Dear Ada")
    await clock.advance(by: .milliseconds(500))
    actions.text.dispatch("Dear Ada,")
    actions.title.dispatch("To Ada")

    XCTAssertEqual(store.history.status.value.undoCount, 3)
    XCTAssertEqual(store.history.undoLabel.value, "Rename")
  }

  func testGettingStartedsUndoableGreetingPrintsWhatItSays() {
    let dispatcher = NotesDispatcher()
    let greeting = Variable("Hello, nobody")
    let history = UndoHistory(of: greeting) { action in "Greet \(action.value)" }
    let bindings = StoreBindings()
    bindings.bind(AnyObservableDispatcher(dispatcher).text.map { "Hello, \($0)" }, to: greeting)
    bindings.bind(AnyObservableDispatcher(dispatcher).undo, to: history)

    AnyObserverDispatcher(dispatcher).text.dispatch("Ada")
    let label = history.undoLabel.value
    AnyObserverDispatcher(dispatcher).undo.dispatch(.undo())

    XCTAssertEqual(label, "Greet Ada")
    XCTAssertEqual(greeting.value, "Hello, nobody")
  }
}
